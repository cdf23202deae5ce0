#!/usr/bin/env node
// Makes the font that server PDFs embed: Noto Sans CJK SC Regular (SIL Open Font License), cut down to the
// characters a report, service report or invoice request can hold (ASCII, Latin-1, the symbols our units use,
// CJK punctuation and full-width forms, and every character of GB2312, which covers the Chinese names people
// give plants). The result is committed, so a fresh clone renders Chinese in PDFs without system fonts; this
// script only runs again to change the character set.
//
// Usage: node scripts/make-pdf-font.mjs [path to NotoSansCJK-Regular.ttc]
// (Debian: package fonts-noto-cjk puts it in /usr/share/fonts/opentype/noto/.)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const source = process.argv[2] ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const target = path.resolve(import.meta.dirname, '../apps/server/assets/fonts/NotoSansSC-Subset.otf');
const FACE = 'Noto Sans CJK SC';

/** The characters kept: printable ASCII and Latin-1, units and symbols, CJK punctuation, GB2312. */
function characterSet() {
  const chars = new Set();
  const range = (from, to) => {
    for (let c = from; c <= to; c++) chars.add(String.fromCodePoint(c));
  };
  range(0x20, 0x7e);
  range(0xa0, 0xff);
  range(0x2010, 0x2027); // dashes, quotes, bullets, ellipsis
  range(0x2030, 0x203a); // per mille, primes, angle quotes
  range(0x2070, 0x209f); // superscripts and subscripts (CO₂, m²)
  range(0x2100, 0x218f); // letter-like symbols (℃, №) and number forms
  range(0x2190, 0x21ff); // arrows
  range(0x2200, 0x22ff); // mathematical operators (≤, ≥, ±, ≈)
  range(0x2460, 0x24ff); // enclosed numbers
  range(0x2500, 0x25ff); // box drawing, blocks and geometric shapes
  range(0x3000, 0x303f); // CJK punctuation
  range(0xff00, 0xffef); // full-width forms
  for (const c of 'Ωµ€¥£√∞') chars.add(c);
  // GB2312 rows 1–9 (symbols) and 16–87 (hanzi), decoded through GBK, whose two-byte range contains it.
  const gbk = new TextDecoder('gbk', { fatal: true });
  for (let row = 0xa1; row <= 0xf7; row++) {
    if (row > 0xa9 && row < 0xb0) continue;
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      try {
        const text = gbk.decode(Uint8Array.of(row, cell));
        if (text !== '\ufffd') chars.add(text);
      } catch {
        // an unassigned position of the table
      }
    }
  }
  return [...chars].join('');
}

/** Copies one face out of a TrueType/OpenType collection into a stand-alone font file. */
function faceOfCollection(ttc, wantedName) {
  if (ttc.toString('latin1', 0, 4) !== 'ttcf') return ttc;
  const faces = ttc.readUInt32BE(8);
  for (let i = 0; i < faces; i++) {
    const font = extractFace(ttc, ttc.readUInt32BE(12 + 4 * i));
    if (familyNames(font).includes(wantedName)) return font;
  }
  throw new Error(`no face named ${wantedName} in the collection`);
}

function extractFace(ttc, offset) {
  const numTables = ttc.readUInt16BE(offset + 4);
  const headerSize = 12 + 16 * numTables;
  const tables = [];
  for (let t = 0; t < numTables; t++) {
    const at = offset + 12 + 16 * t;
    tables.push({
      tag: ttc.subarray(at, at + 4),
      checksum: ttc.readUInt32BE(at + 4),
      offset: ttc.readUInt32BE(at + 8),
      length: ttc.readUInt32BE(at + 12),
    });
  }
  const padded = (n) => (n + 3) & ~3;
  const size = tables.reduce((sum, t) => sum + padded(t.length), headerSize);
  const out = Buffer.alloc(size);
  ttc.copy(out, 0, offset, offset + 12);
  let cursor = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    t.tag.copy(out, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(cursor, at + 8);
    out.writeUInt32BE(t.length, at + 12);
    ttc.copy(out, cursor, t.offset, t.offset + t.length);
    cursor += padded(t.length);
  });
  return out;
}

/** The family names (name ID 1) of a single font, decoded from its UTF-16 name records. */
function familyNames(font) {
  const numTables = font.readUInt16BE(4);
  for (let t = 0; t < numTables; t++) {
    const at = 12 + 16 * t;
    if (font.toString('latin1', at, at + 4) !== 'name') continue;
    const table = font.readUInt32BE(at + 8);
    const count = font.readUInt16BE(table + 2);
    const strings = table + font.readUInt16BE(table + 4);
    const names = [];
    for (let r = 0; r < count; r++) {
      const rec = table + 6 + 12 * r;
      if (font.readUInt16BE(rec + 6) !== 1 || font.readUInt16BE(rec) !== 3) continue;
      const start = strings + font.readUInt16BE(rec + 10);
      const bytes = Buffer.from(font.subarray(start, start + font.readUInt16BE(rec + 8)));
      names.push(bytes.swap16().toString('utf16le'));
    }
    return names;
  }
  return [];
}

const face = faceOfCollection(readFileSync(source), FACE);
const text = characterSet();
// No OpenType layout features: PDFs lay text out glyph by glyph, and keeping them (GSUB closure over all of
// GB2312) makes the subset too large for harfbuzz's WebAssembly heap.
const subset = await subsetFont(face, text, { targetFormat: 'sfnt', keepFeatures: [] });
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, subset);
console.log(
  `${text.length} characters, ${(subset.length / 1024).toFixed(0)} KB → ${path.relative(process.cwd(), target)}`,
);
