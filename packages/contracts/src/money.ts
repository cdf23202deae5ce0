/**
 * Digits after the decimal point of a currency's smallest unit, as ISO 4217 sets them (2 for CNY, 0 for JPY, 3 for
 * KWD): amounts of a currency (prices, incomes) are kept as integers of that unit [digits].
 */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    // Not an ISO 4217 code: the common case.
    return 2;
  }
}

/** An amount in a currency's smallest unit in major units: 1234 CNY fen → 12.34, 1234 JPY → 1234. */
export const minorToMajor = (minor: number, currency: string): number =>
  minor / 10 ** currencyDigits(currency);

/** An amount in major units in the currency's smallest unit, rounded: 12.345 CNY → 1235 fen. */
export const majorToMinor = (major: number, currency: string): number =>
  Math.round(major * 10 ** currencyDigits(currency));

/**
 * An amount kept in the smallest unit as its currency writes it, thousands grouped: "12.34 CNY", "4,369,596.39 CNY",
 * "1,234 JPY".
 */
export function formatMoney(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const major = (minor / 10 ** digits).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${major} ${currency}`;
}
