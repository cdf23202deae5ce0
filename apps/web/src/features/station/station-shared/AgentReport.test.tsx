import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ROLE, type CollectorRow } from '@solarops/contracts';
import { discoveredMeter, discoveredSmaInverter } from '@solarops/contracts/test/agentReports';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { useUserStore, type UserInfo } from '../../../store/userStore.ts';
import { stubAnsweringFetch } from '../../../test/answeringFetch.ts';
import { CollectorCard } from './CollectorInfo.tsx';

/** An agent just set up: an SMA inverter it found that is in no plant yet, and one already in its plant. */
const agentCollector: CollectorRow = {
  serial: 'AGT-ROOF-01',
  plantId: 7,
  plantName: 'Rooftop',
  model: 'solarops-agent',
  firmwareVersion: '0.1.0',
  network: 'WiFi',
  signal: null,
  iccid: null,
  clockOffsetMs: 0,
  clockSynced: true,
  droppedReadings: 0,
  online: true,
  lastSeenAt: '2026-11-29T03:49:00.000Z',
  devices: [{ serial: 'MTR241800007', kind: 'meter', boundAt: '2026-11-29T03:00:00.000Z' }],
  agent: {
    links: [{ name: 'inverters', latencyMs: 9 }],
    devices: [
      { ...discoveredSmaInverter(), lastReadingAt: null, found: true },
      { ...discoveredMeter('MTR241800007'), lastReadingAt: '2026-11-29T03:45:00.000Z', found: false },
    ],
  },
};

let rerenderCard: (c: CollectorRow) => void;

function start(roleId: number, c: CollectorRow = agentCollector) {
  const sent = stubAnsweringFetch({
    code: 200,
    msg: 'success',
    data: { serial: '3005067415', kind: 'stringInverter', plantId: 7 },
  });
  useUserStore.getState().setInfo({ roleId } as UserInfo);
  const client = new QueryClient();
  const card = (shown: CollectorRow) => (
    <QueryClientProvider client={client}>
      <MessageProvider>
        <MemoryRouter>
          <CollectorCard c={shown} />
        </MemoryRouter>
      </MessageProvider>
    </QueryClientProvider>
  );
  const { rerender } = render(card(c));
  rerenderCard = (shown) => rerender(card(shown));
  return sent;
}

/** The device's row of the agent's table (the card's own table lists the devices bound to the agent too). */
const row = (sn: string) => within(screen.getByTestId('agent-devices')).getByText(sn).closest('tr')!;

afterEach(async () => {
  vi.unstubAllGlobals();
  useUserStore.getState().setInfo(null);
  cleanup();
  await changeLanguage('en');
});

describe('devices an edge agent found, on its collector card', () => {
  it('lists a found device with what discovery found, and accepts it into the agent’s plant once confirmed', async () => {
    await changeLanguage('en');
    const sent = start(ROLE.installer);
    expect(screen.getByTestId('agent-found-note').textContent).toContain(
      'Devices found that are in no plant yet: 1. Accept each into Rooftop below',
    );
    const found = row('3005067415');
    expect(found.textContent).toContain('Found, in no plant');
    expect(found.textContent).toContain('SMA SB3.6-1AV-41');
    expect(found.textContent).toContain('serial 3005067415, version 4.00.75.R');
    expect(found.textContent).toContain('SunSpec 1, 101, 120, 123, 160');
    // The device already in the plant is not offered.
    expect(row('MTR241800007').textContent).not.toContain('Found, in no plant');
    expect(screen.getAllByTestId('agent-accept')).toHaveLength(1);

    await userEvent.click(screen.getByTestId('agent-accept'));
    expect(sent).toEqual([]);
    expect(
      await screen.findByText(
        "Accept 3005067415 into Rooftop? Its readings are stored there from the agent's next round on.",
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/prod-api/collector/AGT-ROOF-01/accept',
          body: { plantId: 7, deviceSn: '3005067415' },
        },
      ]),
    );
    expect(await screen.findByText('3005067415 is now a device of Rooftop')).toBeTruthy();
  });

  it('says the device was accepted even when the card, drawn again meanwhile, no longer offers it', async () => {
    await changeLanguage('en');
    start(ROLE.installer);
    // The server takes its time to answer; the card's refetch (another window, the acceptance itself) is quicker.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await answered;
        return Response.json({ code: 200, msg: 'success', data: { serial: '3005067415', plantId: 7 } });
      }),
    );
    await userEvent.click(screen.getByTestId('agent-accept'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const bound: CollectorRow = {
      ...agentCollector,
      devices: [
        ...agentCollector.devices,
        { serial: '3005067415', kind: 'stringInverter', boundAt: '2026-11-29T03:50:00.000Z' },
      ],
      agent: {
        ...agentCollector.agent!,
        devices: agentCollector.agent!.devices.map((d) => ({ ...d, found: false })),
      },
    };
    rerenderCard(bound);
    expect(screen.queryByTestId('agent-accept')).toBeNull();
    answer();
    expect(await screen.findByText('3005067415 is now a device of Rooftop')).toBeTruthy();
  });

  it('says the same in Chinese, offers no acceptance to an end user, and none for an agent in no plant', async () => {
    await changeLanguage('zh');
    start(ROLE.admin);
    expect(row('3005067415').textContent).toContain('已发现，未加入电站');
    expect(screen.getByTestId('agent-accept').textContent).toContain('加入电站');
    cleanup();
    start(ROLE.endUser);
    expect(screen.getByTestId('agent-found')).toBeTruthy();
    expect(screen.queryByTestId('agent-accept')).toBeNull();
    cleanup();
    start(ROLE.admin, { ...agentCollector, plantId: null, plantName: null });
    expect(screen.getByTestId('agent-found-note').textContent).toContain('请先将该代理绑定到电站');
    expect(screen.queryByTestId('agent-accept')).toBeNull();
  });
});
