/**
 * The reports as PDF documents through the shared PDF module, in the reader's language: the periodic report
 * (`form`) with its totals, energy chart, plants, CO₂ factors and days with gaps, and a custom report's table with
 * its totals. Numbers are written as the screen and the workbook give them, so that each can be checked against
 * the other.
 */
import {
  formatMoney,
  RATIO_REPORT_FIELDS,
  type CustomReportField,
  type CustomReportResult,
  type PeriodicReport,
  type PlantReportRow,
} from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { PdfDocument, type PdfColumn } from '../../pdf/PdfDocument.ts';
import { CUSTOM_REPORT_LABELS } from './customReportWorkbook.ts';
import { REPORT_LABELS } from './reportLabels.ts';
import { COMPLETENESS_FIGURES } from './reportWorkbook.ts';

const percent = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;
/** A PR as a percentage, marked when it rests on modelled irradiation. */
const prText = (pr: number | null, source: 'sensor' | 'model' | null, estimated: string) =>
  pr === null ? '—' : source === 'model' ? `${percent(pr)} (${estimated})` : percent(pr);

/** How an x slot of the energy chart is labelled: the hour of a day, the day of a month, the month of a year. */
function sliceLabel(label: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(label)) return label.slice(8);
  if (/^\d{4}-\d{2}$/.test(label)) return label.slice(5);
  return label.slice(0, 2);
}

/** The periodic report as a PDF (landscape: the plants' table has ten columns). */
export function periodicReportPdf(r: PeriodicReport, lang: Lang, timeZone = 'UTC'): Promise<Buffer> {
  const t = REPORT_LABELS[lang];
  const c = r.totals;
  const from = r.plants[0]?.from ?? r.date;
  const to = r.plants[0]?.to ?? r.date;
  const factors = [...new Map(r.plants.map((p) => [p.co2Factor.source, p.co2Factor])).values()];
  const doc = new PdfDocument({
    title: `${t.title} · ${t.periods[r.period]}`,
    subtitle: `${r.plantName ?? t.all} · ${from} – ${to}`,
    lang,
    timeZone,
    landscape: true,
  })
    .heading(t.summary)
    .keyValues(
      [
        [t.plantCount, String(c.plantCount)],
        [t.capacity, String(c.capacityKw)],
        [t.energyKwh, String(c.energyKwh)],
        [t.peak, String(c.peakPowerW)],
        [t.specificYield, String(c.equivalentHours)],
        [
          t.pr,
          c.performanceRatio === null
            ? t.noSensor
            : prText(c.performanceRatio, c.irradianceSource, t.estimated),
        ],
        ...c.income.map((i): [string, string] => [t.amount, formatMoney(i.incomeMinor, i.currency)]),
        [t.co2Kg, String(c.co2.co2Kg)],
        [t.coal, String(c.co2.coalKg)],
        [t.trees, String(c.co2.trees)],
        [t.total, `${c.alarms.total} (${t.levels(c.alarms)})`],
        [
          t.ratio,
          `${percent(c.completeness.ratio)} · ${t.readings(c.completeness.received, c.completeness.expected)}`,
        ],
        [
          t.figureShares,
          COMPLETENESS_FIGURES.flatMap((k) => {
            const share = c.figureCompleteness[k];
            return share === null ? [] : [`${t.shareNames[k]} ${percent(share.ratio)}`];
          }).join(' · '),
        ],
      ],
      2,
    )
    .barChart([{ name: t.energy, points: r.slices.map((s, i) => [i, s.energyKwh] as const) }], {
      title: t.energyChart,
      unit: 'kWh',
      formatX: (x) => sliceLabel(r.slices[x]?.label ?? ''),
      height: 150,
    })
    .heading(t.plants)
    .table(
      PLANT_COLUMNS(lang),
      r.plants.map((p) => plantCells(p, t.estimated)),
    )
    .heading(t.co2Factors)
    .table(
      [
        { title: t.country, width: 0.15 },
        { title: t.factor, width: 0.15, align: 'right' },
        { title: t.source },
      ],
      factors.map((f) => [f.country ?? t.defaultGrid, String(f.kgPerKwh), f.source]),
    )
    .heading(`${t.completeness} · ${t.gapDays}`);
  if (c.completeness.gapDays.length === 0) doc.paragraph(t.noGaps, { muted: true });
  else
    doc.table(
      [
        { title: t.day, width: 0.25 },
        { title: t.received, align: 'right' },
        { title: t.expected, align: 'right' },
        { title: t.ratio, align: 'right' },
      ],
      c.completeness.gapDays.map((g) => [
        g.day,
        String(g.received),
        String(g.expected),
        percent(g.expected === 0 ? 1 : g.received / g.expected),
      ]),
    );
  return doc.toBuffer();
}

const PLANT_COLUMNS = (lang: Lang): PdfColumn[] => {
  const t = REPORT_LABELS[lang];
  const right = (title: string): PdfColumn => ({ title, align: 'right' });
  return [
    { title: t.plant, width: 0.2 },
    right(t.capacity),
    right(t.energyKwh),
    right(t.peak),
    right(t.specificYield),
    right(t.pr),
    { title: t.amount, width: 0.11, align: 'right' },
    right(t.co2Kg),
    right(t.total),
    right(t.ratio),
  ];
};

const plantCells = (p: PlantReportRow, estimated: string): string[] => [
  p.name,
  String(p.capacityKw),
  String(p.energyKwh),
  String(p.peakPowerW),
  String(p.equivalentHours),
  prText(p.performanceRatio, p.irradianceSource, estimated),
  formatMoney(p.incomeMinor, p.currency),
  String(p.co2Kg),
  String(p.alarms.total),
  percent(p.completeness.ratio),
];

/** Bars of the energy chart at most: the report's first groups in its order. */
const CHART_GROUPS = 24;

/** A cell as the preview shows it: ratios as percentages, nothing as a dash. */
function customCell(field: CustomReportField, v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  if (RATIO_REPORT_FIELDS.includes(field) && typeof v === 'number') return percent(v);
  return String(v);
}

/** A custom report as a PDF: its groups' energy as bars (when a column), then the table with its totals. */
export function customReportPdf(
  r: CustomReportResult,
  name: string,
  lang: Lang,
  timeZone = 'UTC',
): Promise<Buffer> {
  const L = CUSTOM_REPORT_LABELS[lang];
  const doc = new PdfDocument({
    title: name,
    subtitle: `${r.from} – ${r.to} · ${L[r.groupBy]}`,
    lang,
    timeZone,
    landscape: r.fields.length > 5,
  });
  if (r.fields.includes('energyKwh') && r.rows.length > 0) {
    const shown = r.rows.slice(0, CHART_GROUPS);
    doc.barChart(
      [{ name: L.energyKwh, points: shown.map((row, i) => [i, Number(row.values.energyKwh ?? 0)] as const) }],
      {
        title:
          r.rows.length > shown.length
            ? `${L.energyKwh} (1–${shown.length} / ${r.rows.length})`
            : L.energyKwh,
        unit: 'kWh',
        formatX: (x) => [...(shown[x]?.group ?? '')].slice(0, 6).join(''),
        height: 150,
      },
    );
  }
  return doc
    .table(
      [
        { title: L[r.groupBy], width: 0.22 },
        ...r.fields.map((f): PdfColumn => ({ title: L[f], align: f === 'simExpiry' ? 'left' : 'right' })),
      ],
      [
        ...r.rows.map((row) => [row.group, ...r.fields.map((f) => customCell(f, row.values[f]))]),
        [L.total, ...r.fields.map((f) => customCell(f, r.totals[f]))],
      ],
    )
    .toBuffer();
}
