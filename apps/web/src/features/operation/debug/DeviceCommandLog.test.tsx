import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CommandRow } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { stubPagedList } from '../../../test/pagedListServer.ts';
import { DeviceCommandLog } from './DeviceCommandLog.tsx';

/** The data rows of a table (Ant Design adds a hidden measuring row without a key). */
const dataRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((r) => r.dataset.rowKey);

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design tables render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('a device’s command log', { timeout: 60_000 }, () => {
  it.each([
    ['zh', '共 23 条'],
    ['en', '23 in total'],
  ] as const)('shows ten commands a page and goes to the page asked for (%s)', async (lang, total) => {
    await changeLanguage(lang);
    // The fields the log shows; the rest of a command does not appear in it.
    const asked = stubPagedList(
      23,
      (n) =>
        ({
          id: `c${n}`,
          kind: 'setting',
          state: 'applied',
          failure: null,
          createdBy: 'admin',
          createdAt: '2026-11-29T08:00:00.000Z',
          params: { n },
        }) as Partial<CommandRow>,
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DeviceCommandLog serial="SC001" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(total)).toBeInTheDocument();
    const table = screen.getByTestId('device-command-log');
    expect(dataRows(table)).toHaveLength(10);
    await userEvent.click(screen.getByTitle('3'));
    await vi.waitFor(() => expect(dataRows(table)).toHaveLength(3));
    expect(asked).toEqual(['/commands 1/10', '/commands 3/10']);
  });
});
