import type { IvStringRow } from '@solarops/contracts';

const cell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The per-string table as CSV with headers in the screen's language (a byte-order mark for spreadsheets). */
export function stringsCsv(rows: readonly IvStringRow[], t: (key: string) => string): string {
  const header = [
    'iv.serial',
    'iv.stringNo',
    'iv.faultClass',
    'iv.confidence',
    'iv.performanceFactor',
    'iv.pmpStc',
    'iv.energyLost',
    'iv.poa',
    'iv.moduleTemp',
  ].map((k) => cell(t(k)));
  const lines = rows.map((r) =>
    [
      r.serial,
      r.stringNo,
      r.insufficient
        ? t(`iv.insufficient.${r.insufficient}`)
        : t(`iv.classes.${r.faultClass ?? 'insufficient'}`),
      r.confidence === null ? null : r.confidence.toFixed(2),
      r.performanceFactor === null ? null : r.performanceFactor.toFixed(3),
      r.pmpStcW === null ? null : r.pmpStcW.toFixed(0),
      r.energyLostKwhPerDay === null ? null : r.energyLostKwhPerDay.toFixed(2),
      r.poaWm2.toFixed(0),
      r.moduleTempC.toFixed(1),
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\n')}\n`;
}
