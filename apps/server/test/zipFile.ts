import { crc32, deflateRawSync, createDeflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** The entry's bytes, or pieces of them produced one at a time (a huge entry is never held whole). */
  data: Buffer | (() => Iterable<Buffer>);
  /** Size written into the headers instead of the real one (a forged directory). */
  declaredSize?: number;
}

async function deflatePieces(pieces: Iterable<Buffer>) {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    size += piece.length;
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { compressed: Buffer.concat(out), size, crc };
}

/** A zip archive of deflated entries, written by hand so that a test can build what no tool would (zip bombs). */
export async function zipFile(entries: ZipEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { compressed, size, crc } =
      typeof e.data === 'function'
        ? await deflatePieces(e.data())
        : { compressed: deflateRawSync(e.data), size: e.data.length, crc: crc32(e.data) };
    const declared = e.declaredSize ?? size;
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
  '<sheet name="Shipment" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '</Relationships>';

/**
 * A small .xlsx whose one sheet inflates to about `sheetBytes` of XML (blank space between its elements), with its
 * true size in the directory unless `declaredSize` forges it.
 */
export function xlsxBomb(sheetBytes: number, declaredSize?: number): Promise<Buffer> {
  const blank = Buffer.alloc(1024 * 1024, 0x20);
  return zipFile([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(RELS) },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(WORKBOOK_RELS) },
    {
      name: 'xl/worksheets/sheet1.xml',
      ...(declaredSize === undefined ? {} : { declaredSize }),
      *data() {
        yield Buffer.from(
          '<?xml version="1.0" encoding="UTF-8"?><worksheet ' +
            'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
        );
        for (let n = 0; n < sheetBytes; n += blank.length) yield blank;
        yield Buffer.from('</sheetData></worksheet>');
      },
    },
  ]);
}
