import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ErrorLogRow } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { stubPagedList } from '../../../test/pagedListServer.ts';
import { SystemPage } from './SystemPage.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('zh');
});

// Ant Design tables render slowly in jsdom; the timeout is sized for a slow shared machine.
describe('the system screen’s error log', { timeout: 60_000 }, () => {
  it.each([
    ['zh', '共 7 条'],
    ['en', '7 in total'],
  ] as const)('shows five errors a page, newest first as the server sends them (%s)', async (lang, total) => {
    await changeLanguage(lang);
    const asked = stubPagedList(7, (n): ErrorLogRow => ({
      id: n,
      createdAt: '2026-11-29T08:00:00.000Z',
      userCode: 'admin',
      message: `TypeError ${n}`,
      url: '/dashboard',
      stack: null,
      info: null,
    }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SystemPage />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(total)).toBeInTheDocument();
    expect(screen.getByText('TypeError 5')).toBeInTheDocument();
    expect(screen.queryByText('TypeError 6')).toBeNull();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('TypeError 7')).toBeInTheDocument();
    expect(asked).toEqual(['/system/errorlog 1/5', '/system/errorlog 2/5']);
  });
});
