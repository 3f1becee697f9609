/**
 * Rebuilds the run-time reference files in this folder from the raw data in ../shared/data (see SOURCES.md):
 *   npx tsx shared/reference/build.ts [path/to/shared/data]
 * Only what the metadata verifier needs at run time is kept, in a compact form.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.resolve(process.argv[2] ?? path.join(here, '../../../shared/data'));

/** RFC 4180 CSV (quoted fields with commas, doubled quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows;
}

function records(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path.join(dataDir, file), 'utf8'));
  if (!header) throw new Error(`${file} is empty`);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()])));
}

interface DegreeRow {
  code: string;
  system: '270' | '509';
  level: 'L' | 'LM' | 'LT' | 'LS';
  name: string;
  aliases?: string[];
}

function clean(s: string) {
  return s.replace(/\s+/g, ' ').trim();
}

const degrees: DegreeRow[] = [];
for (const r of records('degree_classes/classi_laurea.csv')) {
  const code = r.codice ?? '';
  const names = [r.nome_mur_2020_21, r.nome_unidirectory, (r.nome_note ?? '').replace(/\s*\(.*$/, '')]
    .map((n) => clean(n ?? ''))
    .filter((n) => n !== '');
  const name = names[0];
  if (!code || !name) throw new Error(`no name for ${code}`);
  const aliases = [...new Set(names.slice(1).filter((n) => n.toLowerCase() !== name.toLowerCase()))];
  // "Magistrali in giurisprudenza" is the portal label; bandi write the decree's "Giurisprudenza".
  if (code === 'LMG/01') aliases.push('Giurisprudenza');
  degrees.push({ code, system: '270', level: r.tipo === 'LM' ? 'LM' : 'L', name, ...(aliases.length ? { aliases } : {}) });
}
for (const r of records('degree_classes/classi_509_triennali.csv')) {
  degrees.push({ code: r.codice ?? '', system: '509', level: 'LT', name: clean(r.nome ?? '') });
}
for (const r of records('degree_classes/classi_509_specialistiche.csv')) {
  degrees.push({ code: r.codice ?? '', system: '509', level: 'LS', name: clean(r.nome ?? '') });
}
writeFileSync(path.join(here, 'degree-classes.json'), JSON.stringify(degrees).replace(/\},\{/g, '},\n{') + '\n');

interface Comune {
  nome: string;
  sigla: string;
  provincia: { nome: string };
  regione: { nome: string };
}
const comuni = JSON.parse(readFileSync(path.join(dataDir, 'istat/comuni.json'), 'utf8')) as Comune[];
const lines = ['nome;sigla;provincia;regione'];
for (const c of comuni) lines.push([c.nome, c.sigla, c.provincia.nome, c.regione.nome].join(';'));
writeFileSync(path.join(here, 'comuni.csv'), lines.join('\n') + '\n');

console.log(`degree classes: ${degrees.length}, comuni: ${comuni.length}`);
