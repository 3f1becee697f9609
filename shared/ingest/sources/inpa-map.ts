/**
 * inPA record → TenderMetadata input and text. Field names as the portal serves them (see
 * /work/shared/data/bandi/inpa_api_record_example.json): the list record has `sedi` as strings
 * (["Campania", "Avellino"]), the detail record as objects with regioneDenominazione/provinciaDenominazione.
 */
import { z } from 'zod';
import { htmlToText } from '../html.ts';

const sede = z.union([
  z.string(),
  z.object({
    regioneDenominazione: z.string().nullish(),
    provinciaDenominazione: z.string().nullish(),
    comuneDenominazione: z.string().nullish(),
  }),
]);

const recordShape = z.looseObject({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  titolo: z.string().nullish(),
  descrizione: z.string().nullish(),
  descrizioneBreve: z.string().nullish(),
  requisitiSpecifici: z.string().nullish(),
  figuraRicercata: z.string().nullish(),
  dataPubblicazione: z.string().nullish(),
  dataScadenza: z.string().nullish(),
  numPosti: z.number().nullish(),
  tipoProcedura: z.string().nullish(),
  categorie: z.array(z.string()).nullish(),
  sedi: z.array(sede).nullish(),
  entiRiferimento: z.array(z.string()).nullish(),
  ente: z.unknown().optional(),
  company: z.object({ name: z.string().nullish() }).nullish(),
  linkGazzettaUfficiale: z.string().nullish(),
  linkSitoPA: z.string().nullish(),
  allegatoMediaId: z.string().nullish(),
  allegati: z.array(z.looseObject({ mediaId: z.string().nullish(), tipo: z.string().nullish() })).nullish(),
  // Fields of inPA-like exports: the place as separate fields, the selection method, the degree asked.
  regione: z.string().nullish(),
  provincia: z.string().nullish(),
  comune: z.string().nullish(),
  modalitaSelezione: z.string().nullish(),
  titoloStudio: z.string().nullish(),
  classiLaurea: z.array(z.string()).nullish(),
});
/** An inPA record; exports that call the id `codice` (or `codiceBando`) are read the same. */
export const inpaRecordSchema = z.preprocess((raw) => {
  if (raw && typeof raw === 'object' && !('id' in raw)) {
    const r = raw as Record<string, unknown>;
    const code = r.codice ?? r.codiceBando;
    if (code !== undefined) return { ...r, id: code };
  }
  return raw;
}, recordShape);
export type InpaRecord = z.output<typeof recordShape>;

const REGIONI = new Map(
  [
    'Abruzzo', 'Basilicata', 'Calabria', 'Campania', 'Emilia-Romagna', 'Friuli-Venezia Giulia', 'Lazio', 'Liguria',
    'Lombardia', 'Marche', 'Molise', 'Piemonte', 'Puglia', 'Sardegna', 'Sicilia', 'Toscana', 'Trentino-Alto Adige/Südtirol',
    'Umbria', "Valle d'Aosta/Vallée d'Aoste", 'Veneto',
  ].map((r) => [regionKey(r), r]),
);

function regionKey(name: string): string {
  return name.split('/')[0]!.toLowerCase().replace(/[^a-z]/g, '');
}

export function inpaTenderId(record: Pick<InpaRecord, 'id'>, prefix = 'inpa-'): string {
  return `${prefix}${record.id.replace(/[^A-Za-z0-9_.-]+/g, '-')}`;
}

/** The portal's UTC instants as Europe/Rome date and time (deadlines are "ore 23:59" in Rome). */
export function romeDateTime(iso: string): { date: string; time: string } | undefined {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

function procedureOf(r: InpaRecord): string {
  const hay = `${(r.categorie ?? []).join(' ')} ${r.titolo ?? ''}`.toLowerCase();
  if (/mobilit/.test(hay)) return 'mobilita';
  if (/progression/.test(hay)) return 'progressione';
  if (/\bconcors/.test(hay)) return 'concorso';
  if (/selezion/.test(hay)) return 'selezione';
  if (/\bavvis/.test(hay)) return 'avviso';
  return 'altro';
}

function workLocationsOf(r: InpaRecord): { regione: string; provincia?: string; comune?: string }[] {
  const out: { regione: string; provincia?: string; comune?: string }[] = [];
  // A record that gives the place as fields says it more precisely than its flattened `sedi`.
  if (r.regione) {
    return [{ regione: REGIONI.get(regionKey(r.regione)) ?? r.regione, ...(r.provincia ? { provincia: r.provincia } : {}), ...(r.comune ? { comune: r.comune } : {}) }];
  }
  for (const s of r.sedi ?? []) {
    if (typeof s === 'string') {
      // List records flatten sedi to names: a region, then its provinces.
      const region = REGIONI.get(regionKey(s));
      if (region) out.push({ regione: region });
      else if (out.length > 0) {
        const last = out[out.length - 1]!;
        if (last.provincia) out.push({ regione: last.regione, provincia: s });
        else last.provincia = s;
      }
    } else if (s.regioneDenominazione) {
      out.push({
        regione: REGIONI.get(regionKey(s.regioneDenominazione)) ?? s.regioneDenominazione,
        ...(s.provinciaDenominazione ? { provincia: s.provinciaDenominazione } : {}),
        ...(s.comuneDenominazione ? { comune: s.comuneDenominazione } : {}),
      });
    }
  }
  return out;
}

function gazzettaDateOf(link: string | null | undefined): string | undefined {
  const m = link ? /dataPubblicazioneGazzetta=(\d{4}-\d{2}-\d{2})/.exec(link) : null;
  return m?.[1];
}

function urlOrUndefined(s: string | null | undefined): string | undefined {
  return s && /^https?:\/\//.test(s) ? s : undefined;
}

/** The portal's procedure types (ESAMI, TITOLI_ESAMI, TITOLI_COLLOQUIO…) or a written method, as the schema reads it. */
function selectionMethodOf(r: InpaRecord): string | undefined {
  const raw = r.modalitaSelezione ?? r.tipoProcedura;
  if (!raw) return undefined;
  const words = raw.toLowerCase().replace(/_/g, ' ');
  return /^(per )?(titoli|esami|colloquio)( (ed?|e) (titoli|esami|colloquio))?$/.test(words.replace(/\bed\b/, 'e')) ? words : undefined;
}

/** Metadata as TenderMetadata input (validated by the normaliser, so a missing field becomes an ingestion error). */
export function inpaMetadata(r: InpaRecord, opts: { idPrefix?: string } = {}): Record<string, unknown> {
  const selectionMethod = selectionMethodOf(r);
  const degrees = [...(r.classiLaurea ?? []), ...(r.titoloStudio && !(r.classiLaurea ?? []).length ? [r.titoloStudio] : [])];
  const deadline = r.dataScadenza ? romeDateTime(r.dataScadenza) : undefined;
  const published = r.dataPubblicazione ? romeDateTime(r.dataPubblicazione) : undefined;
  const administration = r.company?.name ?? r.entiRiferimento?.[0] ?? (typeof r.ente === 'string' ? r.ente : undefined);
  return {
    id: inpaTenderId(r, opts.idPrefix),
    title: r.titolo?.trim(),
    administration,
    ...(r.figuraRicercata ? { profile: r.figuraRicercata.trim() } : {}),
    workLocations: workLocationsOf(r),
    requiredDegrees: degrees,
    ...(selectionMethod ? { selectionMethod } : {}),
    deadline: deadline?.date,
    ...(deadline ? { deadlineTime: deadline.time } : {}),
    posts: r.numPosti ?? undefined,
    procedure: procedureOf(r),
    publicationDate: published?.date,
    ...(gazzettaDateOf(r.linkGazzettaUfficiale) ? { gazzettaDate: gazzettaDateOf(r.linkGazzettaUfficiale) } : {}),
    sourceUrl: urlOrUndefined(r.linkSitoPA) ?? `https://www.inpa.gov.it/bandi-e-avvisi/dettaglio-bando-avviso/?concorso_id=${encodeURIComponent(r.id)}`,
    contacts: [],
  };
}

/** The record's text: title, description, specific requirements (HTML stripped). */
export function inpaText(r: InpaRecord): string {
  const parts = [r.titolo, r.descrizione ?? r.descrizioneBreve, r.requisitiSpecifici].filter((p): p is string => !!p?.trim());
  return parts.map(htmlToText).filter((p, i, all) => all.indexOf(p) === i).join('\n\n');
}

/** The media id of the bando PDF, when the record has one. */
export function inpaPdfMediaId(r: InpaRecord): string | undefined {
  const bando = r.allegati?.find((a) => a.tipo === 'BANDO_CONCORSO' && a.mediaId);
  return bando?.mediaId ?? r.allegatoMediaId ?? undefined;
}
