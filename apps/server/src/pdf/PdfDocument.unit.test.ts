import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdfText.ts';
import { PdfDocument, printable } from './PdfDocument.ts';

// Making and reading back a PDF with the embedded font takes well under a second here; the timeout is sized for
// a machine three times slower that is busy with other work.
describe('a server PDF', { timeout: 30_000 }, () => {
  it('renders Chinese and English text that a reader can copy back out, with numbered pages', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `组串 ${i + 1}`,
      `${(8.5 + i / 100).toFixed(2)} kW`,
      '正常',
    ]);
    const doc = new PdfDocument({ title: '阳光一号电站 月报', subtitle: '2026 年 10 月', lang: 'zh' })
      .keyValues([
        ['发电量', '12 345.67 kWh'],
        ['等效小时', '123.5 h'],
      ])
      .lineChart(
        [
          {
            name: '功率',
            points: Array.from({ length: 24 }, (_, h) => [
              h,
              Math.max(0, Math.sin(((h - 6) / 12) * Math.PI) * 80),
            ]),
          },
        ],
        { title: '日功率曲线', unit: 'kW' },
      )
      .table([{ title: '组串', width: 0.4 }, { title: '功率', align: 'right' }, { title: '状态' }], rows);
    const pages = await pdfText(await doc.toBuffer());

    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain('阳光一号电站 月报');
    expect(pages[0]).toContain('12 345.67 kWh');
    expect(pages.join('')).toContain('组串 120');
    // The table's header is repeated on the page it runs onto, and every page carries its number.
    expect(pages.at(-1)).toContain('组串 功率 状态');
    expect(pages.at(-1)).toContain(`第 ${pages.length} / ${pages.length} 页`);
  });

  it('embeds only the glyphs it uses, so an English page stays small', async () => {
    const file = await new PdfDocument({ title: 'Service report', lang: 'en' })
      .paragraph('Inverter replaced; the string produces again.')
      .toBuffer();
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.length).toBeLessThan(60_000);
    expect((await pdfText(file))[0]).toContain('page 1 of 1');
  });

  it('writes a character the font lacks in a form it has, never as an empty box', () => {
    expect(printable('CO₂ 减排 12 t, 25 ℃, ≤ 5 %')).toBe('CO2 减排 12 t, 25 ℃, ≤ 5 %');
    // A rare character outside GB2312 (U+20000) becomes a visible question mark.
    expect(printable('站\u{20000}')).toBe('站?');
  });
});
