import { currencyDigits, type FigureCompleteness, type PeriodicReport } from '@solarops/contracts';
import type { Lang } from '../../i18n/messages.ts';
import { tablesWorkbook, type Table } from '../../http/tableWorkbook.ts';
import { periodDays } from './periods.ts';
import { REPORT_LABELS } from './reportLabels.ts';

/** An amount in a currency's smallest unit, in major units. */
export const major = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/** The figures whose completeness the report gives, in the order of its columns. */
export const COMPLETENESS_FIGURES = ['energy', 'peakPower', 'performanceRatio', 'income'] as const;

/** Each figure's completeness ratio (null for a PR the plant has none of). */
export const figureRatios = (f: FigureCompleteness) => COMPLETENESS_FIGURES.map((k) => f[k]?.ratio ?? null);

/** The periodic report as a workbook, one sheet per section, in the caller's language. */
export function reportSections(r: PeriodicReport, lang: Lang): Table[] {
  const t = REPORT_LABELS[lang];
  const c = r.totals;
  const days = periodDays(r.period, r.date);
  return [
    {
      sheet: t.summary,
      headers: [t.item, t.value],
      widths: [28, 36],
      rows: [
        [t.plant, r.plantName ?? t.all],
        [
          t.period,
          `${t.periods[r.period]} ${r.plants[0]?.from ?? days.from} – ${r.plants[0]?.to ?? days.to}`,
        ],
        [t.plantCount, c.plantCount],
        [t.capacity, c.capacityKw],
        [t.energyKwh, c.energyKwh],
        [t.peak, c.peakPowerW],
        [t.hours, c.equivalentHours],
        [t.pr, c.performanceRatio],
        [t.prSource, c.irradianceSource === null ? null : t.sources[c.irradianceSource]],
        ...c.income.map((i) => [`${t.amount} (${i.currency})`, major(i.incomeMinor, i.currency)]),
        [t.co2Kg, c.co2.co2Kg],
        [t.coal, c.co2.coalKg],
        [t.trees, c.co2.trees],
        [t.total, c.alarms.total],
        [t.ratio, c.completeness.ratio],
        ...COMPLETENESS_FIGURES.map((k) => [t.shareOf[k], c.figureCompleteness[k]?.ratio ?? null]),
      ],
    },
    {
      sheet: t.plants,
      headers: [
        t.plant,
        t.timeZone,
        t.from,
        t.to,
        t.capacity,
        t.energyKwh,
        t.peak,
        t.hours,
        t.irradiation,
        t.pr,
        t.prSource,
        ...COMPLETENESS_FIGURES.map((k) => t.shareOf[k]),
      ],
      widths: [28, 20, 12, 12, 14, 14, 14, 14, 16, 14, 28, 18, 18, 18, 18],
      rows: r.plants.map((p) => [
        p.name,
        p.timeZone,
        p.from,
        p.to,
        p.capacityKw,
        p.energyKwh,
        p.peakPowerW,
        p.equivalentHours,
        p.irradiationKwhM2,
        p.performanceRatio,
        p.irradianceSource === null ? null : t.sources[p.irradianceSource],
        ...figureRatios(p.figureCompleteness),
      ]),
    },
    {
      sheet: t.energy,
      headers: [t.slice, t.energyKwh],
      widths: [14, 16],
      rows: r.slices.map((s) => [s.label, s.energyKwh]),
    },
    {
      sheet: t.income,
      headers: [t.plant, t.energyKwh, t.currency, t.amount],
      widths: [28, 14, 10, 16],
      rows: r.plants.map((p) => [p.name, p.energyKwh, p.currency, major(p.incomeMinor, p.currency)]),
    },
    {
      sheet: t.co2,
      headers: [t.plant, t.energyKwh, t.country, t.factor, t.source, t.co2Kg],
      widths: [28, 14, 10, 14, 44, 16],
      rows: r.plants.map((p) => [
        p.name,
        p.energyKwh,
        p.co2Factor.country ?? '',
        p.co2Factor.kgPerKwh,
        p.co2Factor.source,
        p.co2Kg,
      ]),
    },
    {
      sheet: t.alarms,
      headers: [t.plant, t.total, t.level1, t.level2, t.level3],
      widths: [28, 10, 10, 10, 10],
      rows: r.plants.map((p) => [p.name, p.alarms.total, p.alarms.level1, p.alarms.level2, p.alarms.level3]),
    },
    {
      sheet: t.completeness,
      headers: [t.plant, t.day, t.received, t.expected, t.ratio],
      widths: [28, 12, 16, 16, 12],
      rows: r.plants.flatMap((p) => [
        [p.name, '', p.completeness.received, p.completeness.expected, p.completeness.ratio],
        ...p.completeness.gapDays.map((g) => [
          p.name,
          g.day,
          g.received,
          g.expected,
          g.expected === 0 ? 1 : Math.round((g.received / g.expected) * 10_000) / 10_000,
        ]),
      ]),
    },
  ];
}

export const reportWorkbook = (r: PeriodicReport, lang: Lang) => tablesWorkbook(reportSections(r, lang));
