import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CollectorRow } from '@solarops/contracts';
import { discoveredSmaInverter } from '@solarops/contracts/test/agentReports';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { CollectorCard } from './CollectorInfo.tsx';

const collector: CollectorRow = {
  serial: 'SOC230712345',
  plantId: 7,
  plantName: 'Hangzhou roof',
  model: 'solarops-agent',
  firmwareVersion: '0.1.0',
  network: 'WiFi',
  signal: null,
  iccid: null,
  clockOffsetMs: null,
  clockSynced: null,
  droppedReadings: null,
  agent: null,
  online: true,
  lastSeenAt: '2026-11-29T03:49:00.000Z',
  devices: [],
};

const clock = (row: Partial<CollectorRow>): string => {
  render(
    <MemoryRouter>
      <CollectorCard c={{ ...collector, ...row }} />
    </MemoryRouter>,
  );
  return screen.getByTestId('collector-clock').textContent ?? '';
};

afterEach(() => changeLanguage('en'));

describe('the collector card says what the collector said of its clock', () => {
  it('shows a clock 95 s ahead and not synchronised, in English', async () => {
    await changeLanguage('en');
    expect(clock({ clockOffsetMs: 95_000, clockSynced: false })).toBe(
      '95 s ahead of the server, not synchronised: readings may carry a wrong time',
    );
  });

  it('shows a clock behind and synchronised in Chinese', async () => {
    await changeLanguage('zh');
    expect(clock({ clockOffsetMs: -3_400, clockSynced: true })).toBe('比服务器慢 3 秒，已同步 (NTP)');
  });

  it('counts a difference under a second as on time, and says nothing of a clock never reported', async () => {
    await changeLanguage('en');
    expect(clock({ clockOffsetMs: 300, clockSynced: null })).toBe('on time with the server');
    document.body.innerHTML = '';
    expect(clock({})).toBe('');
  });
});

describe('the collector card says what an edge agent dropped from its full buffer', () => {
  it('shows the count under its label in both languages, and no such line for a collector that never said', async () => {
    await changeLanguage('en');
    const { unmount } = render(
      <MemoryRouter>
        <CollectorCard c={{ ...collector, droppedReadings: 1250 }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Readings dropped (buffer full)')).toBeTruthy();
    expect(screen.getByTestId('collector-dropped').textContent).toBe('1250');
    await changeLanguage('zh');
    expect(await screen.findByText('缓存已满丢弃的数据条数')).toBeTruthy();
    unmount();
    render(
      <MemoryRouter>
        <CollectorCard c={collector} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('collector-dropped')).toBeNull();
  });
});

describe('the collector card of an edge agent shows what it found of each device and how its polls went', () => {
  const agent: NonNullable<CollectorRow['agent']> = {
    links: [{ name: 'inverters', latencyMs: 12.4 }, { name: '/dev/ttyUSB0' }],
    devices: [
      {
        ...discoveredSmaInverter('SIN241800042'),
        errors: { timeout: 3, exception: 1 },
        lastError: 'exception 2 (illegal data address)',
        lastReadingAt: '2026-11-29T03:45:00.000Z',
        found: false,
      },
      {
        sn: 'HYB241800009',
        link: '/dev/ttyUSB0',
        unitId: 1,
        profile: 'hybridRegister',
        errors: {},
        lastReadingAt: null,
        found: false,
      },
    ],
  };
  const row = (sn: string) => screen.getByText(sn).closest('tr')!.textContent ?? '';

  it('lists discovery, profile, last reading and errors by kind in English, and the links latency', async () => {
    await changeLanguage('en');
    render(
      <MemoryRouter>
        <CollectorCard c={{ ...collector, agent }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Agent version')).toBeTruthy();
    expect(screen.getByTestId('agent-latency').textContent).toBe(
      'inverters: 12 ms, /dev/ttyUSB0: no answer yet',
    );
    const sma = row('SIN241800042');
    for (const text of [
      'inverters, unit 126',
      'SMA',
      'SB3.6-1AV-41',
      '3005067415',
      '4.00.75.R',
      'SunSpec 1, 101, 120, 123, 160',
      'no answer: 3, refused (Modbus exception): 1',
      'Latest: exception 2 (illegal data address)',
    ]) {
      expect(sma).toContain(text);
    }
    const hybrid = row('HYB241800009');
    expect(hybrid).toContain('Register profile hybridRegister');
    expect(hybrid).toContain('None');
  });

  it('fits the collector dialog: four columns, the findings stacked in one, and no sideways scrolling', async () => {
    await changeLanguage('en');
    render(
      <MemoryRouter>
        <CollectorCard c={{ ...collector, agent }} />
      </MemoryRouter>,
    );
    const table = screen.getByTestId('agent-devices');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Serial number',
      'What discovery found',
      'Last reading',
      'Poll errors',
    ]);
    expect(table.querySelector('.ant-table-scroll-horizontal')).toBeNull();
    expect(row('SIN241800042')).toContain('SMA SB3.6-1AV-41serial 3005067415, version 4.00.75.R');
  });

  it('says the same in Chinese, and shows no agent part for a datalogger', async () => {
    await changeLanguage('zh');
    const { unmount } = render(
      <MemoryRouter>
        <CollectorCard c={{ ...collector, agent }} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('边缘代理')).toBeTruthy();
    expect(screen.getByText('代理版本')).toBeTruthy();
    expect(row('SIN241800042')).toContain('无应答：3 次，设备拒绝（Modbus 异常）：1 次');
    expect(row('HYB241800009')).toContain('寄存器表 hybridRegister');
    unmount();
    render(
      <MemoryRouter>
        <CollectorCard c={{ ...collector, model: 'SO-DL4G' }} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('agent-report')).toBeNull();
    expect(screen.getByText('固件版本')).toBeTruthy();
  });
});
