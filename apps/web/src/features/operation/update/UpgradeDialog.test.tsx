import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { FirmwarePackageRow } from '@solarops/contracts';
import { UpgradeDialog } from './UpgradeDialog.tsx';
import { MessageProvider } from '../../../components/MessageProvider.tsx';

const pkg = { id: 7, name: 'sc4g-3.0.0.bin', version: '3.0.0' } as FirmwarePackageRow;

/** The server answers `answer` to the upgrade; answers what was sent. */
function start(answer: { status: number; body: object }, serial?: string) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UpgradeDialog pkg={pkg} {...(serial ? { serial } : {})} onDone={onDone} onClose={vi.fn()} />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
  return { sent, onDone };
}

afterEach(() => vi.unstubAllGlobals());

describe('upgrading one device (spec §8)', () => {
  it('sends the device from its page with the package, and is done', async () => {
    const { sent, onDone } = start(
      { status: 200, body: { code: 200, msg: 'success', data: { id: 'c1', state: 'sent' } } },
      'TC1',
    );
    expect(screen.getByLabelText('序列号')).toHaveValue('TC1');
    await userEvent.click(screen.getByRole('button', { name: /升级设备/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ packageId: 7, serial: 'TC1' }]);
  });

  it('asks for a serial first, and shows the server’s refusal of an offline device, staying open', async () => {
    const { sent, onDone } = start({
      status: 400,
      body: { code: 400, msg: '设备离线，无法升级！', data: null },
    });
    await userEvent.click(screen.getByRole('button', { name: /升级设备/ }));
    expect(await screen.findByText('请输入设备序列号')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('序列号'), ' TC9 ');
    await userEvent.click(screen.getByRole('button', { name: /升级设备/ }));
    expect(await screen.findByText('设备离线，无法升级！')).toBeInTheDocument();
    expect(sent).toEqual([{ packageId: 7, serial: 'TC9' }]);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
