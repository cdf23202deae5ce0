import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { profileFound, SETTINGS_PROFILES, SUNSPEC_INVERTER, type CommandDevice } from '@solarops/contracts';
import { i18n } from '../../../i18n/i18n.ts';
import { MessageProvider } from '../../../components/MessageProvider.tsx';
import { SetUpListPage } from './SetUpListPage.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: 'ok', data: body }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const device = (serial: string, over: Partial<CommandDevice>): CommandDevice => ({
  serial,
  name: serial,
  model: 'SUN-5K',
  kind: 'inverter',
  profileId: 'sunspecInverter',
  plantId: 1,
  plantName: 'Hangzhou Rooftop',
  collectorSerial: 'SOC230700001',
  online: true,
  ...over,
});

// As the server lists them: an inverter of ours (every point of its profile), a DER inverter behind an edge agent
// (the recorded DER simulator's models 701-714: the points its discovery found, no trip limits), and a hybrid.
const OURS = device('SIN000000001', {});
const DER = device('SIN000000701', {
  model: 'DER Simulator',
  points: profileFound(SUNSPEC_INVERTER, [1, ...Array.from({ length: 14 }, (_, i) => 701 + i)]).points.map(
    (p) => p.name,
  ),
});
const HYBRID = device('HYB000000001', { model: 'HYD-6K', kind: 'hybrid', profileId: 'hybridRegister' });

function open(devices: CommandDevice[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://console.test').pathname;
      if (path.endsWith('/commands/profiles')) return json(SETTINGS_PROFILES);
      if (path.endsWith('/commands/devices')) return json(devices);
      if (path.endsWith('/commands/batches/awaiting')) return json([]);
      return new Response('{}', { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SetUpListPage />
    </QueryClientProvider>,
    { wrapper: MessageProvider },
  );
}

const OPTION = '.ant-select-item-option-content';
/** The point options the screen offers for what is typed into its search. */
async function optionsFor(user: ReturnType<typeof userEvent.setup>, search: string) {
  const select = screen.getByTestId('batch-point');
  await user.click(select.querySelector('input')!);
  await user.clear(select.querySelector('input')!);
  await user.type(select.querySelector('input')!, search);
  await waitFor(() => expect(document.querySelectorAll(OPTION).length).toBeGreaterThan(0));
  return [...document.querySelectorAll(OPTION)].map((o) => o.textContent ?? '');
}

/** The screen in English with `one` device listed and chosen. */
async function chooseAlone(one: CommandDevice) {
  await i18n.changeLanguage('en');
  const user = userEvent.setup();
  open([one]);
  await user.click(await screen.findByRole('button', { name: /All 1/ }));
  return user;
}

/** The point search offers nothing for what is typed. */
async function expectNoOption(user: ReturnType<typeof userEvent.setup>, search: string) {
  const select = screen.getByTestId('batch-point');
  await user.click(select.querySelector('input')!);
  await user.type(select.querySelector('input')!, search);
  await waitFor(() => expect(document.querySelector('.ant-select-item-empty')).not.toBeNull());
  expect(document.querySelectorAll(OPTION)).toHaveLength(0);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe('the batch settings screen and devices behind an edge agent', { timeout: 60_000 }, () => {
  for (const [lang, text] of [
    [
      'en',
      {
        all: 'All 3',
        overVoltage: 'Over-voltage limit',
        limit: 'Active power limit',
        taking: '1 of the 3 chosen devices',
        model: 'Their model has no such setting (1)',
        notFound: 'Their edge agent did not find this setting on them (1)',
      },
    ],
    [
      'zh',
      {
        all: '全部 3',
        overVoltage: '过压保护值',
        limit: '有功功率限制',
        taking: '所选 3 台中 1 台可设',
        model: '设备型号没有此参数（1 台）',
        notFound: '边缘代理未在设备上发现此参数（1 台）',
      },
    ],
  ] as const) {
    it(`names before sending the devices that cannot take a point, and why (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      const user = userEvent.setup();
      open([OURS, DER, HYBRID]);
      await user.click(await screen.findByRole('button', { name: new RegExp(text.all) }));

      // The trip limit: only the inverter of ours takes it; the option says so.
      const overVoltage = await optionsFor(user, `${text.overVoltage} (`);
      expect(overVoltage).toHaveLength(1);
      expect(overVoltage[0]).toContain(text.taking);
      await user.click(screen.getByText(overVoltage[0]!, { selector: OPTION }));
      const lacking = await screen.findByTestId('batch-lacking');
      expect(screen.getByTestId('batch-lacking-notFound')).toHaveTextContent(
        `${text.notFound}: ${DER.serial}`,
      );
      expect(screen.getByTestId('batch-lacking-model')).toHaveTextContent(`${text.model}: ${HYBRID.serial}`);
      expect(lacking).not.toHaveTextContent(OURS.serial);
    });
  }

  it('offers only the points some chosen device can take: none of the trip limits to a DER device alone', async () => {
    const user = await chooseAlone(DER);
    await expectNoOption(user, 'Over-voltage');
    // What it has is offered without a count (every chosen device takes it), and sending names no one.
    const limit = await optionsFor(user, 'Active power limit (');
    expect(limit).toEqual([expect.stringMatching(/^Active power limit \(/)]);
    expect(limit[0]).not.toContain('chosen devices');
    await user.click(screen.getByText(limit[0]!, { selector: OPTION }));
    expect(screen.queryByTestId('batch-lacking')).toBeNull();
  });

  it('offers no battery control to inverters of ours: only a discovery finds those on a SunSpec inverter', async () => {
    await expectNoOption(await chooseAlone(OURS), 'Maximum charge power');
  });
});
