/** A kind of file the server accepts, told from its first bytes (never from its name or the client's claim). */
export interface FileType {
  ext: 'png' | 'jpg' | 'webp' | 'pdf';
  mime: string;
  test(head: Uint8Array): boolean;
}

const latin1 = (b: Uint8Array, from: number, to: number) =>
  Buffer.from(b.subarray(from, to)).toString('latin1');

export const PNG: FileType = {
  ext: 'png',
  mime: 'image/png',
  test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
};
export const JPEG: FileType = {
  ext: 'jpg',
  mime: 'image/jpeg',
  test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
};
export const WEBP: FileType = {
  ext: 'webp',
  mime: 'image/webp',
  test: (b) => latin1(b, 0, 4) === 'RIFF' && latin1(b, 8, 12) === 'WEBP',
};
/** ISO 32000-1 §7.5.2: a PDF file begins with its header `%PDF-`. */
export const PDF: FileType = {
  ext: 'pdf',
  mime: 'application/pdf',
  test: (b) => latin1(b, 0, 5) === '%PDF-',
};

/** The images the console shows (avatars, plant pictures, the logo). */
export const IMAGE_TYPES: readonly FileType[] = [PNG, JPEG, WEBP];

/** Bytes enough to tell every type above. */
export const FILE_HEAD_BYTES = 16;

/** The first of `types` that the file's first bytes match, or undefined. */
export const sniffType = (head: Uint8Array, types: readonly FileType[]) => types.find((t) => t.test(head));
