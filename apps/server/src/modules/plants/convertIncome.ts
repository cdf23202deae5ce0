import {
  type ConvertedIncome,
  type CurrencyConversion,
  type CurrencyIncome,
  currencyDigits,
} from '@solarops/contracts';

/**
 * The fleet's incomes in the administrator's display currency (issue 15): each currency's amount in major units
 * times its rate, the display currency's own at 1; null while no display currency is set. Currencies without a
 * rate stay out of the sums and are named in `missing`; only the rates used are listed.
 */
export function convertIncomes(
  incomes: readonly CurrencyIncome[],
  conversion: CurrencyConversion,
): ConvertedIncome | null {
  const display = conversion.displayCurrency;
  if (!display) return null;
  const rateOf = new Map(conversion.rates.map((r) => [r.currency, r]));
  let today = 0;
  let total = 0;
  const rates: ConvertedIncome['rates'] = [];
  const missing: string[] = [];
  for (const i of incomes) {
    const rate = i.currency === display ? 1 : rateOf.get(i.currency)?.rate;
    if (rate === undefined) {
      missing.push(i.currency);
      continue;
    }
    if (i.currency !== display) rates.push(rateOf.get(i.currency)!);
    const scale = rate / 10 ** currencyDigits(i.currency);
    today += i.incomeTodayMinor * scale;
    total += i.incomeTotalMinor * scale;
  }
  const toMinor = 10 ** currencyDigits(display);
  return {
    currency: display,
    incomeTodayMinor: Math.round(today * toMinor),
    incomeTotalMinor: Math.round(total * toMinor),
    rates,
    missing,
  };
}
