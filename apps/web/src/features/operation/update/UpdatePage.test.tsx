import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { i18n } from '../../../i18n/i18n.ts';
import { stubPagedList } from '../../../test/pagedListServer.ts';
import { UpdatePage } from './UpdatePage.tsx';

/**
 * The packages table's width at a 1440 px window in en: the window less the side menu (200 px) and the page's and
 * card's margins (2 × 24 px each), as the firmware screens' e2e screenshots at 1440 × 900 measure it.
 */
const TABLE_AT_1440 = 1440 - 200 - 4 * 24;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('the firmware packages table', () => {
  it('shows a package’s signature at 1440 px without scrolling: its column ends before the fixed actions', async () => {
    await i18n.changeLanguage('en');
    stubPagedList(1, () => ({
      id: 1,
      name: 'SO-DL4G-9.1.0.bin',
      type: 'collector',
      collectType: 'SO-DL4G',
      interfaceType: 'any',
      snType: '',
      version: '9.1.0',
      size: 49152,
      signature: 'valid',
      signedBy: 'Maker',
      description: '',
      uploadTime: '2026-11-25T06:00:00.000Z',
    }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/operation/update']}>
          <UpdatePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('firmware-packages');
    await within(table).findByText('Valid');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent ?? '');
    const widths = [...table.querySelectorAll('colgroup')[0]!.querySelectorAll('col')].map((c) =>
      Number.parseInt(c.style.width, 10),
    );
    expect(widths).toHaveLength(headers.length);
    const signature = headers.indexOf('Signature');
    const actions = headers.indexOf('Operation');
    expect(signature, headers.join(' | ')).toBeGreaterThan(-1);
    const upToSignature = widths.slice(0, signature + 1).reduce((a, w) => a + w, 0);
    expect(upToSignature + widths[actions]!, headers.join(' | ')).toBeLessThanOrEqual(TABLE_AT_1440);
  });
});
