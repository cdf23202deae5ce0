import type { ReactNode } from 'react';
import { Popover, Typography } from 'antd';

/** "All N currencies" under a compact income figure, opening every line on hover or click (`IncomeLines`). */
export function IncomeAll({ label, lines }: { label: string; lines: ReactNode }) {
  return (
    <Popover trigger={['hover', 'click']} content={lines}>
      <Typography.Link className="income-rate" data-testid="income-all">
        {label}
      </Typography.Link>
    </Popover>
  );
}
