import './IncomeLines.css';
import { type ConvertedIncome, formatMoney } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';

/** Today's and the total income of one currency, in its smallest unit. */
export interface IncomeAmounts {
  currency: string;
  incomeTodayMinor: number;
  incomeTotalMinor: number;
}

/**
 * Income of each currency on its own line, each with its currency's decimals: amounts of different currencies are
 * never added up. With a display currency set by an administrator, the converted sum comes first, with each rate
 * and its date beside it and the currencies that have no rate named (the dashboard's fleet, a plant's page).
 */
export function IncomeLines({
  incomes,
  converted,
  pick,
  testId,
}: {
  incomes: readonly IncomeAmounts[];
  converted: ConvertedIncome | null;
  pick: (amounts: Omit<IncomeAmounts, 'currency'>) => number;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (incomes.length === 0) return '0';
  const c = converted;
  return (
    <span className="income-lines" data-testid={testId}>
      {c ? (
        <span className="income-converted" data-testid="income-converted">
          <span className="income-converted-sum">≈ {formatMoney(pick(c), c.currency)}</span>
          {c.rates.map((r) => (
            <span key={r.currency} className="income-rate">
              {t('common.incomeRate', { from: r.currency, rate: r.rate, to: c.currency, date: r.date })}
            </span>
          ))}
          {c.missing.length > 0 ? (
            <span className="income-rate">
              {t('common.incomeNoRate', { currencies: c.missing.join(', ') })}
            </span>
          ) : null}
        </span>
      ) : null}
      {incomes.map((i) => (
        <span key={i.currency} className="income-amount">
          {formatMoney(pick(i), i.currency)}
        </span>
      ))}
    </span>
  );
}
