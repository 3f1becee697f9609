/** Builds a bando PDF in memory with pdf-lib: running header and footer, page numbers, a hyphenated word. */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export const PDF_HEADER = 'COMUNE DI PROVA - Bando di concorso prot. 7/2026';
export const PDF_FOOTER = 'Ufficio Personale - concorsi@comune.prova.example';

/** Each page: header, body lines, footer, "Pagina n di N" (or "- n -" when `dashNumbers`). */
export async function buildBandoPdf(pages: string[][], opts: { dashNumbers?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((lines, i) => {
    const page = doc.addPage([595, 842]);
    page.drawText(PDF_HEADER, { x: 50, y: 800, size: 9, font });
    lines.forEach((line, j) => page.drawText(line, { x: 50, y: 760 - j * 16, size: 11, font }));
    page.drawText(PDF_FOOTER, { x: 50, y: 50, size: 9, font });
    page.drawText(opts.dashNumbers ? `- ${i + 1} -` : `Pagina ${i + 1} di ${pages.length}`, { x: 270, y: 30, size: 9, font });
  });
  return doc.save();
}

export const BANDO_PAGES: string[][] = [
  [
    'Concorso pubblico per 3 posti di Istruttore tecnico',
    'Art. 1 - Posti messi a concorso',
    'Il Comune di Prova indice un concor-',
    'so pubblico, per esami, per 3 posti di Istruttore tecnico.',
  ],
  [
    'Art. 2 - Requisiti di ammissione',
    'E richiesta la laurea nella classe L-7 Ingegneria civile e ambien-',
    'tale o titolo equipollente.',
  ],
  ['ART. 3 - Domanda di partecipazione', 'La domanda si presenta sul portale inPA entro il 31 gennaio 2027.'],
];
