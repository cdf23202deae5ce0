import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFKit from 'pdfkit';
import { SERVER_DIR } from '../serverDir.ts';

/**
 * The one font every server PDF embeds: a subset of Noto Sans CJK SC (ASCII, Latin-1, units, CJK punctuation and
 * all of GB2312), so that Chinese plant names, labels and advice render on any machine. PDFKit embeds only the
 * glyphs a document uses, so a one-page English report stays small.
 */
export const PDF_FONT_FILE = path.join(SERVER_DIR, 'assets', 'fonts', 'NotoSansSC-Subset.otf');

/** The characters the font can draw; others are written in their compatibility form (CO₂ → CO2) or as '?'. */
let drawable: Set<number> | undefined;

/** `text` with every character the font lacks replaced by one it has, so that nothing prints as an empty box. */
export function printable(text: string): string {
  drawable ??= new Set((fontkit.openSync(PDF_FONT_FILE) as fontkit.Font).characterSet);
  const known = drawable;
  let out = '';
  for (const char of text) {
    if (known.has(char.codePointAt(0)!) || char === '\n') out += char;
    else {
      const compatible = char.normalize('NFKC');
      out += [...compatible].every((c) => known.has(c.codePointAt(0)!)) ? compatible : '?';
    }
  }
  return out;
}

export type PdfLanguage = 'zh' | 'en';

export interface PdfDocumentOptions {
  /** Shown at the top of the first page and in the file's metadata. */
  title: string;
  /** A line under the title: the plant, the period, the order number… */
  subtitle?: string;
  lang: PdfLanguage;
  /** When the document was made; printed in the footer (defaults to now). */
  generatedAt?: Date;
  /** The time zone the footer's time is shown in (the plant's, or the account's). Defaults to UTC. */
  timeZone?: string;
  landscape?: boolean;
}

export interface PdfColumn {
  title: string;
  /** Share of the table's width; columns without one split what is left equally. */
  width?: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfSeries {
  name: string;
  /** [x, y] pairs, x increasing. */
  points: readonly (readonly [number, number])[];
}

export interface PdfChart {
  title?: string;
  /** The y axis's unit, shown above it (kW, kWh, A…). */
  unit?: string;
  /** How an x value is written under the axis (hours, days, volts…). */
  formatX?: (x: number) => string;
  height?: number;
}

const INK = '#1f2329';
const MUTED = '#646a73';
const RULE = '#dee0e3';
const HEADER_FILL = '#f2f3f5';
/** Series colours, in order, matching the console's chart palette. */
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2'];
const MARGIN = 48;

const FOOTER: Record<PdfLanguage, (page: number, pages: number, at: string) => string> = {
  zh: (page, pages, at) => `SolarOps Console · 生成于 ${at} · 第 ${page} / ${pages} 页`,
  en: (page, pages, at) => `SolarOps Console · generated ${at} · page ${page} of ${pages}`,
};

/**
 * A document the server makes for people: service reports, diagnosis reports, invoice requests, periodic reports.
 * It flows top to bottom: a title, then headings, paragraphs, key-value blocks, tables (their header repeated on
 * each page) and charts, breaking pages where needed; the footer numbers the pages. Every server PDF is made here,
 * so they all look alike and all render Chinese.
 */
export class PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(private readonly options: PdfDocumentOptions) {
    this.doc = new PDFKit({
      size: 'A4',
      layout: options.landscape ? 'landscape' : 'portrait',
      margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: { Title: options.title, Creator: 'SolarOps Console' },
      lang: options.lang === 'zh' ? 'zh-CN' : 'en',
      // The font is embedded as a subset; without this PDFKit would also reference the 14 standard fonts.
      font: PDF_FONT_FILE,
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.doc.fillColor(INK).fontSize(18).text(printable(options.title));
    if (options.subtitle) this.doc.fillColor(MUTED).fontSize(11).text(printable(options.subtitle));
    this.doc.moveDown(0.8);
  }

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensureRoom(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string): this {
    // Room for the heading and the start of what follows it (a table's header and first row, which need 60
    // themselves), so that a heading never stands alone at the foot of a page.
    this.ensureRoom(100);
    this.doc.moveDown(0.4).fillColor(INK).fontSize(13).text(printable(text), this.left);
    this.doc.moveDown(0.3);
    return this;
  }

  paragraph(text: string, options: { muted?: boolean } = {}): this {
    this.doc
      .fillColor(options.muted ? MUTED : INK)
      .fontSize(10)
      .text(printable(text), this.left, undefined, { width: this.width });
    this.doc.moveDown(0.5);
    return this;
  }

  /** Label–value pairs in two columns of a grid: an order's fields, a string's figures. */
  keyValues(rows: readonly (readonly [string, string])[], columns = 2): this {
    const cellWidth = this.width / columns;
    const labelWidth = cellWidth * 0.42;
    this.doc.fontSize(10);
    for (let i = 0; i < rows.length; i += columns) {
      const line = rows.slice(i, i + columns);
      const height = Math.max(
        ...line.map(([label, value]) =>
          Math.max(
            this.doc.heightOfString(printable(label), { width: labelWidth - 6 }),
            this.doc.heightOfString(printable(value), { width: cellWidth - labelWidth - 6 }),
          ),
        ),
      );
      this.ensureRoom(height + 4);
      const y = this.doc.y;
      line.forEach(([label, value], c) => {
        const x = this.left + c * cellWidth;
        this.doc.fillColor(MUTED).text(printable(label), x, y, { width: labelWidth - 6 });
        this.doc
          .fillColor(INK)
          .text(printable(value), x + labelWidth, y, { width: cellWidth - labelWidth - 6 });
      });
      this.doc.y = y + height + 4;
    }
    this.doc.x = this.left;
    this.doc.moveDown(0.5);
    return this;
  }

  /** A table with a shaded header row, repeated at the top of each page it runs onto. */
  table(columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): this {
    const given = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
    const unsized = columns.filter((c) => c.width === undefined).length;
    const share = unsized > 0 ? Math.max(0, 1 - given) / unsized : 0;
    const scale = given + share * unsized || 1;
    const widths = columns.map((c) => ((c.width ?? share) / scale) * this.width);
    const pad = 4;
    const fontSize = 9;

    const drawRow = (cells: readonly string[], header: boolean) => {
      this.doc.fontSize(fontSize);
      const height =
        Math.max(
          ...cells.map((cell, i) =>
            this.doc.heightOfString(printable(cell), { width: widths[i]! - 2 * pad }),
          ),
        ) +
        2 * pad;
      if (this.doc.y + height > this.bottom) {
        this.doc.addPage();
        if (!header)
          drawRow(
            columns.map((c) => c.title),
            true,
          );
      }
      const y = this.doc.y;
      if (header) this.doc.rect(this.left, y, this.width, height).fill(HEADER_FILL);
      let x = this.left;
      cells.forEach((cell, i) => {
        this.doc.fillColor(header ? MUTED : INK).text(printable(cell), x + pad, y + pad, {
          width: widths[i]! - 2 * pad,
          align: columns[i]?.align ?? 'left',
        });
        x += widths[i]!;
      });
      this.doc
        .moveTo(this.left, y + height)
        .lineTo(this.left + this.width, y + height)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      this.doc.y = y + height;
    };

    this.ensureRoom(60);
    drawRow(
      columns.map((c) => c.title),
      true,
    );
    for (const row of rows) drawRow(row, false);
    this.doc.x = this.left;
    this.doc.moveDown(0.8);
    return this;
  }

  /** Lines on shared axes: a day curve, an I-V curve against its expectation. */
  lineChart(series: readonly PdfSeries[], chart: PdfChart = {}): this {
    return this.plot(series, chart, (points, toX, toY, color) => {
      if (points.length === 0) return;
      this.doc.moveTo(toX(points[0]![0]), toY(points[0]![1]));
      for (const [x, y] of points.slice(1)) this.doc.lineTo(toX(x), toY(y));
      this.doc.lineWidth(1.2).strokeColor(color).stroke();
    });
  }

  /** Bars per x (one series side by side per slot): energy per day or month. */
  barChart(series: readonly PdfSeries[], chart: PdfChart = {}): this {
    const slots = new Set(series.flatMap((s) => s.points.map(([x]) => x))).size || 1;
    return this.plot(
      series,
      chart,
      (points, toX, toY, color, index) => {
        const slot = (toX(1) - toX(0)) * 0.8;
        const bar = slot / series.length;
        for (const [x, y] of points) {
          const left = toX(x) - slot / 2 + index * bar;
          this.doc.rect(left, toY(y), bar * 0.9, toY(0) - toY(y)).fill(color);
        }
      },
      slots,
    );
  }

  private plot(
    series: readonly PdfSeries[],
    chart: PdfChart,
    draw: (
      points: PdfSeries['points'],
      toX: (x: number) => number,
      toY: (y: number) => number,
      color: string,
      index: number,
    ) => void,
    barSlots?: number,
  ): this {
    const height = chart.height ?? 180;
    this.ensureRoom(height + 40);
    if (chart.title) this.doc.fillColor(INK).fontSize(10).text(printable(chart.title), this.left);
    const all = series.flatMap((s) => s.points);
    const xs = all.map(([x]) => x);
    const ys = all.map(([, y]) => y);
    let minX = xs.length ? Math.min(...xs) : 0;
    let maxX = xs.length ? Math.max(...xs) : 1;
    if (barSlots !== undefined) {
      minX -= 0.5;
      maxX += 0.5;
    }
    const minY = Math.min(0, ...ys);
    const maxY = niceCeiling(Math.max(0, ...ys));
    const axisLeft = this.left + 36;
    const top = this.doc.y + 14;
    const plotWidth = this.width - 36;
    const toX = (x: number) => axisLeft + ((x - minX) / (maxX - minX || 1)) * plotWidth;
    const toY = (y: number) => top + height - ((y - minY) / (maxY - minY || 1)) * height;

    this.doc.fontSize(7).fillColor(MUTED);
    if (chart.unit) this.doc.text(printable(chart.unit), this.left, top - 12, { width: 34, align: 'right' });
    for (let i = 0; i <= 4; i++) {
      const value = minY + ((maxY - minY) * i) / 4;
      const y = toY(value);
      this.doc
        .moveTo(axisLeft, y)
        .lineTo(axisLeft + plotWidth, y)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      this.doc
        .fillColor(MUTED)
        .text(printable(formatTick(value)), this.left, y - 4, { width: 32, align: 'right' });
    }
    const format = chart.formatX ?? formatTick;
    for (const x of barSlots !== undefined ? everyNth(minX + 0.5, maxX - 0.5) : niceTicks(minX, maxX)) {
      this.doc
        .fillColor(MUTED)
        .text(printable(format(x)), toX(x) - 20, top + height + 3, { width: 40, align: 'center' });
    }
    series.forEach((s, i) => draw(s.points, toX, toY, PALETTE[i % PALETTE.length]!, i));

    let legendX = axisLeft;
    const legendY = top + height + 14;
    series.forEach((s, i) => {
      this.doc.rect(legendX, legendY + 1, 8, 6).fill(PALETTE[i % PALETTE.length]!);
      this.doc.fillColor(MUTED).text(printable(s.name), legendX + 11, legendY, { lineBreak: false });
      legendX += 11 + this.doc.widthOfString(printable(s.name)) + 14;
    });
    this.doc.x = this.left;
    this.doc.y = legendY + 16;
    return this;
  }

  /** A picture (PNG or JPEG): a photo of the work, a signature, a QR code. */
  image(file: Buffer, options: { width?: number; height?: number } = {}): this {
    const height = options.height ?? 160;
    this.ensureRoom(height + 8);
    const y = this.doc.y;
    this.doc.image(file, this.left, y, { fit: [options.width ?? this.width, height] });
    this.doc.x = this.left;
    this.doc.y = y + height + 8;
    return this;
  }

  pageBreak(): this {
    this.doc.addPage();
    return this;
  }

  /** Numbers the pages, closes the document and answers its bytes. */
  async toBuffer(): Promise<Buffer> {
    const { lang, timeZone = 'UTC', generatedAt = new Date() } = this.options;
    const at = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(generatedAt);
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      const { height, margins } = this.doc.page;
      // Writing below the bottom margin would make PDFKit open another page; lift the margin for the footer.
      const bottomMargin = margins.bottom;
      margins.bottom = 0;
      this.doc
        .fontSize(8)
        .fillColor(MUTED)
        .text(printable(FOOTER[lang](i + 1, range.count, at)), margins.left, height - MARGIN, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      margins.bottom = bottomMargin;
    }
    this.doc.end();
    return this.done;
  }
}

/** The smallest of 1, 2, 2.5 or 5 × 10ⁿ at or above `value`, so that axis ticks are round numbers. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= value)!;
  return step * power;
}

/** Round x ticks across [min, max]: 0, 5, 10, 15, 20 for the hours of a day. */
function niceTicks(min: number, max: number): number[] {
  const step = niceCeiling((max - min) / 6);
  const ticks: number[] = [];
  for (let x = Math.ceil(min / step) * step; x <= max + 1e-9; x += step) ticks.push(x);
  return ticks;
}

/** At most a dozen of the integer slots first…last, evenly spaced: the days of a month under its bars. */
function everyNth(first: number, last: number): number[] {
  const every = Math.max(1, Math.ceil((last - first + 1) / 12));
  const ticks: number[] = [];
  for (let x = first; x <= last; x += every) ticks.push(x);
  return ticks;
}

function formatTick(value: number): string {
  if (Math.abs(value) >= 1000) return `${Math.round(value / 100) / 10}k`;
  return String(Math.round(value * 100) / 100);
}
