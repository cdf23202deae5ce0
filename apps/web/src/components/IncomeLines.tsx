import './IncomeLines.css';
import { lazy, Suspense } from 'react';
import { type ConvertedIncome, formatMoney } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';

/** Today's and the total income of one currency, in its smallest unit. */
export interface IncomeAmounts {
  currency: string;
  incomeTodayMinor: number;
  incomeTotalMinor: number;
}

// The link to every currency (Ant Design's Popover and Typography) loads only where more than two are folded away.
const IncomeAll = lazy(() => import('./IncomeAll.tsx').then((m) => ({ default: m.IncomeAll })));

/** Currencies a compact figure lists before the rest fold away. */
const COMPACT_CURRENCIES = 2;

/**
 * Income of each currency on its own line, each with its currency's decimals: amounts of different currencies are
 * never added up. With a display currency set by an administrator, the converted sum comes first, with each rate
 * and its date beside it and the currencies that have no rate named (the dashboard's fleet, a plant's page).
 * `compact` (a figure card beside others of one line): past two currencies, only the converted sum or the first
 * two amounts show, and every line opens from "all N currencies".
 */
export function IncomeLines({
  incomes,
  converted,
  pick,
  testId,
  compact = false,
}: {
  incomes: readonly IncomeAmounts[];
  converted: ConvertedIncome | null;
  pick: (amounts: Omit<IncomeAmounts, 'currency'>) => number;
  testId?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (incomes.length === 0) return '0';
  if (compact && incomes.length > COMPACT_CURRENCIES) {
    const shown = converted
      ? [`≈ ${formatMoney(pick(converted), converted.currency)}`]
      : incomes.slice(0, COMPACT_CURRENCIES).map((i) => formatMoney(pick(i), i.currency));
    return (
      <span className="income-lines" data-testid={testId}>
        {shown.map((line) => (
          <span key={line} className={converted ? 'income-converted-sum' : 'income-amount'}>
            {line}
          </span>
        ))}
        <Suspense>
          <IncomeAll
            label={t('common.incomeAll', { count: incomes.length })}
            lines={<IncomeLines incomes={incomes} converted={converted} pick={pick} />}
          />
        </Suspense>
      </span>
    );
  }
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
