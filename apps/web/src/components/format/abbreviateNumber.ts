/** Thousands prefixes of spec §9, largest first. */
const PREFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
] as const;

/**
 * Abbreviates a number with k, M, G, T, P, E (spec §9): 1234 → "1.23k", keeping `digits` decimals without
 * trailing zeros. Numbers under 1000 are shown as they are, rounded to `digits`.
 */
export function abbreviateNumber(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const strip = (n: number) => String(Number(n.toFixed(digits)));
  for (const p of PREFIXES) if (abs >= p.value) return `${sign}${strip(abs / p.value)}${p.symbol}`;
  return `${sign}${strip(abs)}`;
}
