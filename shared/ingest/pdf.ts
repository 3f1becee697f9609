/**
 * PDF text extraction with pdfjs-dist (legacy build: the modern one needs browser globals). No worker
 * thread: pdfjs runs its "fake worker" in-process, which is what a batch ingester wants.
 */
// Imported on first use: pdfjs's legacy build installs global polyfills (a slower JSON.stringify among them)
// that every service importing the ingester would otherwise carry, PDFs or not.
let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;

interface TextItemLike {
  str: string;
  hasEOL?: boolean;
  transform?: number[];
}

/** The text of each page, lines joined with "\n", in reading order as pdfjs returns it. Throws on an unreadable PDF. */
export async function extractPdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdfjs takes ownership of (and detaches) the buffer it is given: hand it a copy.
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(itemsToText(content.items as TextItemLike[]));
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** Joins text items; a new line starts at hasEOL or when the baseline moves. */
function itemsToText(items: TextItemLike[]): string {
  let out = '';
  let lastY: number | undefined;
  for (const item of items) {
    if (!('str' in item)) continue;
    const y = item.transform?.[5];
    if (lastY !== undefined && y !== undefined && Math.abs(y - lastY) > 1 && !out.endsWith('\n')) out += '\n';
    out += item.str;
    if (item.hasEOL) out += '\n';
    if (y !== undefined) lastY = y;
  }
  return out.replace(/[ \t]+\n/g, '\n').trim();
}
