import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { DispatchEditor } from './DispatchEditor.tsx';
import { type DispatchSchedule, type DispatchSlot, scheduleProblems } from './scheduleModel.ts';

const slot = (start: string, end: string, state: DispatchSlot['state'], powerW = 0): DispatchSlot => ({
  start,
  end,
  state,
  powerW,
  minSocPercent: 10,
  maxSocPercent: 95,
});

/** The editor as a screen holds it: the schedule in state, problems judged for a device of `deviceSlots`. */
function Harness({ initial, deviceSlots }: { initial: DispatchSchedule; deviceSlots?: number }) {
  const [value, setValue] = useState(initial);
  return <DispatchEditor value={value} problems={scheduleProblems(value, deviceSlots)} onChange={setValue} />;
}

/** Sixteen hourly slots from 04:00 to 20:00 alternating charge and discharge. */
const SIXTEEN = Array.from({ length: 16 }, (_, i) =>
  slot(
    `${String(i + 4).padStart(2, '0')}:00`,
    `${String(i + 5).padStart(2, '0')}:00`,
    i % 2 ? 'discharge' : 'charge',
    2000,
  ),
);

// Ant Design tables of selects render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the dispatch editor', { timeout: 60_000 }, () => {
  it('holds sixteen slots a day in four states and refuses none of them on a device without a slot limit', async () => {
    await changeLanguage('en');
    render(<Harness initial={{ weekday: SIXTEEN, weekend: [slot('00:00', '24:00', 'hold')] }} />);
    const table = screen.getByTestId('dispatch-slots-weekday');
    expect(within(table).getAllByRole('row')).toHaveLength(17);
    expect(screen.queryByTestId('dispatch-problems')).toBeNull();
  });

  it('names the two overlapping slots when an edit makes them overlap, and clears once fixed', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    render(
      <Harness
        initial={{
          weekday: [slot('00:00', '06:00', 'charge', 3000), slot('06:00', '12:00', 'selfConsumption')],
          weekend: [],
        }}
      />,
    );
    expect(screen.queryByTestId('dispatch-problems')).toBeNull();
    // Slot 1 now ends at 07:00, an hour into slot 2.
    const ends = screen.getAllByRole('combobox', { name: 'End' });
    await user.click(ends[0]!);
    await user.type(ends[0]!, '07:00');
    await user.click(await screen.findByTitle('07:00'));
    const alert = await screen.findByTestId('dispatch-problems');
    expect(alert).toHaveTextContent('slots 1 (00:00–07:00) and 2 (06:00–12:00) overlap');
    // Removing slot 2 leaves a sound schedule.
    await user.click(screen.getAllByRole('button', { name: 'Remove the slot' })[1]!);
    expect(screen.queryByTestId('dispatch-problems')).toBeNull();
  });

  it('refuses a day that does not fit a six-slot device, saying how many it needs, in zh as well', async () => {
    await changeLanguage('en');
    const { unmount } = render(<Harness initial={{ weekday: SIXTEEN, weekend: [] }} deviceSlots={6} />);
    expect(screen.getByTestId('dispatch-problems')).toHaveTextContent(
      'Weekdays: needs 17 time-of-use slots but the device has 6',
    );
    unmount();
    await changeLanguage('zh');
    render(<Harness initial={{ weekday: SIXTEEN, weekend: [] }} deviceSlots={6} />);
    expect(screen.getByTestId('dispatch-problems')).toHaveTextContent('需要 17 个分时段，但设备只有 6 个');
  });

  it('takes a whole day in six slots on a six-slot device', async () => {
    await changeLanguage('en');
    const six = ['00:00', '04:00', '08:00', '12:00', '16:00', '20:00'].map((start, i, all) =>
      slot(start, all[i + 1] ?? '24:00', i % 2 ? 'discharge' : 'charge', 1000 * (i + 1)),
    );
    render(<Harness initial={{ weekday: six, weekend: six }} deviceSlots={6} />);
    expect(screen.queryByTestId('dispatch-problems')).toBeNull();
  });
});
