import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { WallOperation, WallWorkOrder } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { OperationScreen } from './OperationScreen.tsx';

const order = (id: number, over: Partial<WallWorkOrder>): WallWorkOrder => ({
  id,
  plantName: `Plant ${id}`,
  description: 'Grid under voltage',
  level: 3,
  priority: 'urgent',
  state: 'new',
  assigneeName: null,
  slaState: 'onTime',
  slaPercent: 10,
  minutesLeft: 200,
  businessHours: false,
  paused: false,
  ...over,
});

const data = (nearest: WallWorkOrder[]): WallOperation => ({
  asOf: null,
  generatedAt: '2026-11-25T06:00:00.000Z',
  openByLevel: { 1: 0, 2: 0, 3: 2 },
  raised24h: 2,
  recovered24h: 0,
  oldestOpenAt: null,
  alarms: [],
  workOrders: {
    open: nearest.length,
    byState: { new: 1, assigned: 0, inProgress: 1, onHold: 0, resolved: 0, pendingApproval: 0 },
    bySla: { onTime: 0, warned: 1, breached: 1 },
    nearest,
  },
});

describe('the operation wall', () => {
  it('lists the open orders nearest their deadline with who works on them and the time left or overdue', async () => {
    await changeLanguage('en');
    render(
      <OperationScreen
        data={data([
          order(7, { slaState: 'breached', slaPercent: 125, minutesLeft: -65 }),
          order(8, { slaState: 'warned', minutesLeft: 30, state: 'inProgress', assigneeName: 'Li Wei' }),
        ])}
      />,
    );
    const rows = within(screen.getByTestId('wall-orders')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('#7');
    expect(rows[0]).toHaveTextContent('Not assigned');
    expect(rows[0]).toHaveTextContent('1 h 5 min overdue');
    expect(rows[1]).toHaveTextContent('Li Wei');
    expect(rows[1]).toHaveTextContent('In progress');
    expect(rows[1]).toHaveTextContent('30 min left');
    expect(screen.getByTestId('wall-sla-breached')).toHaveTextContent('1');
    expect(screen.getByTestId('wall-orders-inProgress')).toHaveTextContent('1');
  });

  it('says so in Chinese when no order is open', async () => {
    await changeLanguage('zh');
    render(<OperationScreen data={data([])} />);
    expect(screen.getByText('暂无未完成工单')).toBeInTheDocument();
    expect(screen.getByText('最临近时限的未完成工单')).toBeInTheDocument();
  });
});
