/** A task's report: its summary and every string, as a PDF (shared PDF module) and as CSV, in the reader's language. */
import type { IvStringRow, IvTask } from '@solarops/contracts';
import { t, type Lang, type MessageKey } from '../../i18n/messages.ts';
import { PdfDocument } from '../../pdf/PdfDocument.ts';

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

/** The task's PDF: summary, strings by class, then every string (the table repeats its header on each page). */
export function taskReportPdf(
  task: IvTask,
  rows: readonly IvStringRow[],
  lang: Lang,
  timeZone: string,
): Promise<Buffer> {
  const classes = Object.entries(task.classes).map(([c, n]) => [
    // `insufficient` counts every string left undiagnosed, whatever the reason: the rows below name each one's.
    t(lang, `iv.class.${c}` as MessageKey),
    String(n),
  ]);
  return new PdfDocument({
    title: `${t(lang, 'iv.report.title')}: ${task.name}`,
    subtitle: task.plantName,
    lang,
    timeZone,
  })
    .keyValues([
      [t(lang, 'iv.report.template'), task.templateName],
      [t(lang, 'iv.report.createdAt'), task.createdAt.slice(0, 16).replace('T', ' ')],
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
    .toBuffer();
}

const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The task's strings as CSV (a byte-order mark, so that spreadsheets read the Chinese headers). */
export function taskReportCsv(rows: readonly IvStringRow[], lang: Lang): string {
  const lines = [COLUMNS.map((k) => t(lang, k)), ...rows.map((r) => cells(lang, r))].map((l) =>
    l.map(csvCell).join(','),
  );
  return `\uFEFF${lines.join('\n')}\n`;
}
