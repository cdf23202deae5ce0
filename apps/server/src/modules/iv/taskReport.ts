/**
 * A task's report: its summary and every string, as a PDF (shared PDF module) and as CSV, in the reader's
 * language. The PDF then shows each abnormal string's curve against its expected one, its class, the evidence in
 * words and what to do; its times are the plant's local time, the zone named.
 */
import type { IvStringRow, IvTask } from '@solarops/contracts';
import { t, type Lang, type MessageKey } from '../../i18n/messages.ts';
import { PdfDocument } from '../../pdf/PdfDocument.ts';
import { zoneOffsetMs } from '../../time/localDay.ts';
import { adviceOf } from './diagnose.ts';
import { evidenceOf } from './ivEvidence.ts';
import type { AbnormalString } from './queries.ts';
import { spreadsheetText } from '../../http/spreadsheetText.ts';

const COLUMNS: MessageKey[] = [
  'iv.report.serial',
  'iv.report.string',
  'iv.report.class',
  'iv.report.confidence',
  'iv.report.performanceFactor',
  'iv.report.pmpStc',
  'iv.report.energyLost',
  'iv.report.poa',
  'iv.report.moduleTemp',
];

const fixed = (v: number | null, digits: number) => (v === null ? '' : v.toFixed(digits));

/** A string's class as the reader reads it: the fault, or why it was not diagnosed. */
const classOf = (lang: Lang, r: IvStringRow) =>
  r.insufficient
    ? t(lang, `iv.insufficient.${r.insufficient}`)
    : t(lang, `iv.class.${r.faultClass ?? 'normal'}` as MessageKey);

const cells = (lang: Lang, r: IvStringRow): string[] => [
  r.serial,
  String(r.stringNo),
  classOf(lang, r),
  r.confidence === null ? '' : `${(r.confidence * 100).toFixed(0)} %`,
  fixed(r.performanceFactor, 3),
  fixed(r.pmpStcW, 0),
  fixed(r.energyLostKwhPerDay, 2),
  r.poaWm2.toFixed(0),
  r.moduleTempC.toFixed(1),
];

/** An instant in `timeZone` as 'YYYY-MM-DD HH:mm'. */
function localTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + zoneOffsetMs(timeZone, ms)).toISOString().slice(0, 16).replace('T', ' ');
}

/** The zone as a reader checks it: its name and its offset from UTC at `iso` ('Asia/Shanghai, UTC+08:00'). */
function zoneName(iso: string, timeZone: string): string {
  const minutes = Math.round(zoneOffsetMs(timeZone, Date.parse(iso)) / 60_000);
  const hm = `${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
  return `${timeZone}, UTC${minutes < 0 ? '−' : '+'}${hm}`;
}

const percent = (x: number | null) => (x === null ? '' : `${(x * 100).toFixed(0)} %`);

/** One abnormal string: its figures, its curve against the expected one, the evidence and what to do. */
function abnormalSection(doc: PdfDocument, s: AbnormalString, lang: Lang, timeZone: string): void {
  const r = s.row;
  const d = s.diagnosis;
  doc.heading(
    t(lang, 'iv.report.stringTitle', {
      serial: r.serial,
      string: r.stringNo,
      class: t(lang, `iv.class.${r.faultClass ?? 'normal'}` as MessageKey),
    }),
  );
  doc.keyValues([
    [t(lang, 'iv.report.scannedAt'), localTime(r.scannedAt, timeZone)],
    [t(lang, 'iv.report.confidence'), percent(r.confidence)],
    ...(r.lowConfidence && r.secondClass
      ? [
          [
            t(lang, 'iv.report.secondClass'),
            `${t(lang, `iv.class.${r.secondClass}` as MessageKey)} ${percent(r.secondConfidence)}`,
          ] as const,
        ]
      : []),
    [t(lang, 'iv.report.modulesInSeries'), String(r.modulesInSeries)],
    [t(lang, 'iv.report.performanceFactor'), fixed(r.performanceFactor, 3)],
    [t(lang, 'iv.report.energyLost'), fixed(r.energyLostKwhPerDay, 2)],
    [t(lang, 'iv.report.poa'), r.poaWm2.toFixed(0)],
    [t(lang, 'iv.report.moduleTemp'), r.moduleTempC.toFixed(1)],
  ]);
  doc.lineChart(
    [
      { name: t(lang, 'iv.report.measured'), points: s.points },
      { name: t(lang, 'iv.report.expected'), points: s.expectedPoints },
    ],
    { title: t(lang, 'iv.report.curveTitle'), unit: 'A', formatX: (v) => `${v.toFixed(0)} V`, height: 150 },
  );
  doc.paragraph(`${t(lang, 'iv.report.evidence')}${evidenceOf(d, lang).join(' ')}`);
  doc.paragraph(`${t(lang, 'iv.report.whatToDo')}${adviceOf(d, lang)}`);
}

/**
 * The task's PDF: summary, strings by class, every string (the table repeats its header on each page), then the
 * abnormal strings (`abnormal`: those shown, and how many there are).
 */
export function taskReportPdf(
  task: IvTask,
  rows: readonly IvStringRow[],
  abnormal: { count: number; strings: readonly AbnormalString[] },
  lang: Lang,
  timeZone: string,
): Promise<Buffer> {
  const classes = Object.entries(task.classes).map(([c, n]) => [
    // `insufficient` counts every string left undiagnosed, whatever the reason: the rows below name each one's.
    t(lang, `iv.class.${c}` as MessageKey),
    String(n),
  ]);
  const doc = new PdfDocument({
    title: `${t(lang, 'iv.report.title')}: ${task.name}`,
    subtitle: task.plantName,
    lang,
    timeZone,
  })
    .paragraph(t(lang, 'iv.report.timesIn', { zone: zoneName(task.createdAt, timeZone) }), { muted: true })
    .keyValues([
      [t(lang, 'iv.report.template'), task.templateName],
      [t(lang, 'iv.report.createdAt'), localTime(task.createdAt, timeZone)],
      [t(lang, 'iv.report.inverters'), String(task.inverters)],
      [t(lang, 'iv.report.failedInverters'), String(task.failedInverters)],
      [t(lang, 'iv.report.strings'), String(task.strings)],
    ])
    .heading(t(lang, 'iv.report.byClass'))
    .table(
      [
        { title: t(lang, 'iv.report.class'), width: 0.6 },
        { title: t(lang, 'iv.report.count'), align: 'right' },
      ],
      classes,
    )
    .heading(t(lang, 'iv.report.stringsHeading'))
    .table(
      COLUMNS.map((k, i) => ({ title: t(lang, k), ...(i >= 3 ? { align: 'right' as const } : {}) })),
      rows.map((r) => cells(lang, r)),
    )
    .pageBreak()
    .heading(t(lang, 'iv.report.abnormalHeading'));
  if (abnormal.count === 0) doc.paragraph(t(lang, 'iv.report.noAbnormal'));
  else if (abnormal.strings.length < abnormal.count)
    doc.paragraph(
      t(lang, 'iv.report.abnormalCapped', { count: abnormal.count, shown: abnormal.strings.length }),
      { muted: true },
    );
  for (const s of abnormal.strings) abnormalSection(doc, s, lang, timeZone);
  return doc.toBuffer();
}

const csvCell = (text: string) => {
  const s = spreadsheetText(text);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The task's strings as CSV (a byte-order mark, so that spreadsheets read the Chinese headers). */
export function taskReportCsv(rows: readonly IvStringRow[], lang: Lang): string {
  const lines = [COLUMNS.map((k) => t(lang, k)), ...rows.map((r) => cells(lang, r))].map((l) =>
    l.map(csvCell).join(','),
  );
  return `\uFEFF${lines.join('\n')}\n`;
}
