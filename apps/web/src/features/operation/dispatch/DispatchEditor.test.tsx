import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type DispatchSchedule,
  type DispatchSlot,
  HYBRID_TOU_SLOTS,
  scheduleProblem,
} from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { DispatchEditor } from './DispatchEditor.tsx';

const slot = (start: number, end: number, mode: DispatchSlot['mode'], powerW = 0): DispatchSlot => ({
  start: start * 60,
  end: end * 60,
  mode,
  powerW,
  socMin: 10,
  socMax: 95,
});

/** The editor as the dispatch screen holds it: the schedule in state, judged for a device of `capacity` slots. */
function Harness({ initial, capacity = 48 }: { initial: DispatchSchedule; capacity?: number }) {
  const [value, setValue] = useState(initial);
  return <DispatchEditor value={value} problem={scheduleProblem(value, capacity)} onChange={setValue} />;
}

const MODES = ['charge', 'discharge', 'hold', 'selfConsumption'] as const;
/** Sixteen hourly slots from 04:00 to 20:00 in the four modes in turn. */
const SIXTEEN = Array.from({ length: 16 }, (_, i) => slot(i + 4, i + 5, MODES[i % 4]!, 2000));
const schedule = (weekday: DispatchSlot[], weekend: DispatchSlot[] = []): DispatchSchedule => ({
  dispatchId: 'D-1',
  weekday,
  weekend,
});

// Ant Design tables of selects render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the dispatch editor', { timeout: 60_000 }, () => {
  it('holds sixteen slots a day in the four modes, with nothing to refuse on a device that holds them', async () => {
    await changeLanguage('en');
    render(<Harness initial={schedule(SIXTEEN, [slot(0, 24, 'hold')])} />);
    const table = screen.getByTestId('dispatch-slots-weekday');
    expect(within(table).getAllByRole('row')).toHaveLength(17);
    for (const mode of ['Charge', 'Discharge', 'Hold', 'Self-consumption'])
      expect(within(table).getAllByTitle(mode).length).toBe(4);
    expect(screen.queryByTestId('dispatch-problem')).toBeNull();
  });

  it('names the two overlapping slots when an edit makes them overlap, and clears once fixed', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    render(<Harness initial={schedule([slot(0, 6, 'charge', 3000), slot(6, 12, 'selfConsumption')])} />);
    expect(screen.queryByTestId('dispatch-problem')).toBeNull();
    // Slot 1 now ends at 07:00, an hour into slot 2.
    const end = screen.getAllByRole('combobox', { name: 'End' })[0]!;
    await user.click(end);
    await user.type(end, '07:00');
    await user.click(await screen.findByTitle('07:00'));
    expect(await screen.findByTestId('dispatch-problem')).toHaveTextContent(
      'Weekdays: slots 1 (00:00–07:00) and 2 (06:00–12:00) overlap',
    );
    await user.click(screen.getAllByRole('button', { name: 'Remove the slot' })[1]!);
    expect(screen.queryByTestId('dispatch-problem')).toBeNull();
  });

  it('refuses a day with more slots than a six-slot device holds instead of cutting it, in zh as well', async () => {
    await changeLanguage('en');
    const { unmount } = render(<Harness initial={schedule(SIXTEEN)} capacity={HYBRID_TOU_SLOTS} />);
    expect(screen.getByTestId('dispatch-problem')).toHaveTextContent(
      'Weekdays: 16 slots do not fit the device, which holds 6 a day',
    );
    // Every slot is still there: nothing was cut.
    expect(within(screen.getByTestId('dispatch-slots-weekday')).getAllByRole('row')).toHaveLength(17);
    unmount();
    await changeLanguage('zh');
    render(<Harness initial={schedule(SIXTEEN)} capacity={HYBRID_TOU_SLOTS} />);
    expect(screen.getByTestId('dispatch-problem')).toHaveTextContent('16 个时段超出设备容量（每天 6 个）');
  });

  it('takes a day of six slots on a six-slot device', async () => {
    await changeLanguage('en');
    const six = [0, 4, 8, 12, 16, 20].map((h, i) => slot(h, h + 4, MODES[i % 4]!, 1000));
    render(<Harness initial={schedule(six, six)} capacity={HYBRID_TOU_SLOTS} />);
    expect(screen.queryByTestId('dispatch-problem')).toBeNull();
  });
});
