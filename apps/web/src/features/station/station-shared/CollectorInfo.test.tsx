import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CollectorRow } from '@solarops/contracts';
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
