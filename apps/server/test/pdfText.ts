import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page by page, as a reader would copy it out: how tests check that a report holds a plant's
 * Chinese name and its totals. (It goes through the font's ToUnicode map, so a glyph that rendered as a blank box
 * would not come back as its character.)
 */
export async function pdfText(file: Buffer | Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await pdf.destroy();
  return pages;
}

/**
 * How many straight segments each page of a PDF draws (its paths' line-tos): how tests check that a chart's
 * curves are drawn, not only its labels written. A chart's axes draw a handful; a curve of a hundred points, a
 * hundred.
 */
export async function pdfLineSegments(file: Buffer | Uint8Array): Promise<number[]> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: number[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const list = await (await pdf.getPage(n)).getOperatorList();
    let segments = 0;
    list.fnArray.forEach((fn, k) => {
      if (fn !== OPS.constructPath) return;
      const [ops] = list.argsArray[k] as [number[]];
      segments += ops.filter((op) => op === OPS.lineTo).length;
    });
    pages.push(segments);
  }
  await pdf.destroy();
  return pages;
}
