import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { WallStation } from '@solarops/contracts';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { StationScreen } from './StationScreen.tsx';
import { nextPlantId, stationOptions } from './stationRotation.ts';

const plant = (id: number, name: string, powerW: number): WallStation['plants'][number] => ({
  id,
  name,
  timeZone: 'Asia/Shanghai',
  status: 'online',
  powerW,
  capacityKw: 10,
  energyTodayKwh: 12,
  energyTotalKwh: 3400,
  devices: 2,
  devicesOnline: 2,
  openAlarms: 0,
});
const data = (plants: WallStation['plants']): WallStation => ({ asOf: null, plants }) as WallStation;
const THREE = [plant(1, 'Hangzhou Roof', 9000), plant(2, 'Lhasa Array', 5000), plant(3, 'Perth Farm', 1000)];

/** Where the wall's address stands now. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function show(plants: WallStation['plants'], search = '') {
  // The rotation is under test, not the plant's curve: its query stays idle.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const view = (p: WallStation['plants']) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/exhibit/station${search}`]}>
        <StationScreen data={data(p)} />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(view(plants));
  return { rerender: (p: WallStation['plants']) => rerender(view(p)) };
}

const shownPlant = () => screen.getByTestId('wall-station-plant').querySelector('h2')?.textContent;
// act() with a synchronous callback has done its work when it returns; its thenable is for async callbacks.
const wait = (ms: number) => void act(() => vi.advanceTimersByTime(ms));

afterEach(() => vi.useRealTimers());

describe('the station wall', () => {
  it('shows each plant in turn every 20 s by default, holding while the pointer is over it', async () => {
    await changeLanguage('zh');
    vi.useFakeTimers();
    show(THREE);
    expect(shownPlant()).toBe('Hangzhou Roof');
    expect(screen.getByTestId('wall-station-note')).toHaveTextContent(
      '第 1 / 3 个电站 · 时区 Asia/Shanghai · 每 20 秒切换',
    );
    wait(19_000);
    expect(shownPlant()).toBe('Hangzhou Roof');
    wait(1_000);
    expect(shownPlant()).toBe('Lhasa Array');
    fireEvent.mouseEnter(screen.getByTestId('wall-station-plant').parentElement!);
    expect(screen.getByTestId('wall-station-note')).toHaveTextContent('指针停留，轮播暂停');
    wait(60_000);
    expect(shownPlant()).toBe('Lhasa Array');
    fireEvent.mouseLeave(screen.getByTestId('wall-station-plant').parentElement!);
    wait(20_000);
    expect(shownPlant()).toBe('Perth Farm');
    wait(20_000);
    expect(shownPlant()).toBe('Hangzhou Roof');
  });

  it('takes its pace from the address and keeps its turn when new figures reorder the plants', async () => {
    await changeLanguage('en');
    vi.useFakeTimers();
    const { rerender } = show(THREE, '?interval=5');
    expect(screen.getByTestId('wall-station-note')).toHaveTextContent('next plant every 5 s');
    wait(5_000);
    expect(shownPlant()).toBe('Lhasa Array');
    // Perth now produces most: it moves to the top, and the wall still goes on from Lhasa to the plant after it.
    rerender([plant(3, 'Perth Farm', 9500), plant(2, 'Lhasa Array', 5000), plant(1, 'Hangzhou Roof', 900)]);
    expect(shownPlant()).toBe('Lhasa Array');
    wait(5_000);
    expect(shownPlant()).toBe('Hangzhou Roof');
  });

  it('shows one plant alone when the address or the wall’s choice names it, and rotates again on “all”', async () => {
    await changeLanguage('en');
    vi.useFakeTimers();
    show(THREE, '?plant=3&interval=10');
    expect(shownPlant()).toBe('Perth Farm');
    expect(screen.getByTestId('wall-station-note')).toHaveTextContent('shown alone');
    wait(60_000);
    expect(shownPlant()).toBe('Perth Farm');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '' } });
    expect(screen.getByTestId('address')).toHaveTextContent('?interval=10');
    wait(10_000);
    expect(shownPlant()).not.toBe('Perth Farm');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '2' } });
    expect(screen.getByTestId('address')).toHaveTextContent('plant=2');
    expect(shownPlant()).toBe('Lhasa Array');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Rotation interval'), { target: { value: '30' } });
    expect(screen.getByTestId('address')).toHaveTextContent('?interval=30');
  });
});

describe('the station wall’s address', () => {
  it('reads a plant and an interval in range, and ignores anything else', () => {
    expect(stationOptions(new URLSearchParams('plant=7&interval=45'))).toEqual({
      plantId: 7,
      intervalSeconds: 45,
    });
    for (const bad of [
      'interval=0',
      'interval=3601',
      'interval=2.5',
      'interval=abc',
      'interval=',
      'plant=-1',
    ])
      expect(stationOptions(new URLSearchParams(bad))).toEqual({ plantId: undefined, intervalSeconds: 20 });
  });

  it('goes on after the plant shown, wrapping round, and after the first when that plant has gone (the first shows meanwhile)', () => {
    expect(nextPlantId([4, 5, 6], 5)).toBe(6);
    expect(nextPlantId([4, 5, 6], 6)).toBe(4);
    expect(nextPlantId([4, 5, 6], 9)).toBe(5);
    expect(nextPlantId([4], undefined)).toBe(4);
    expect(nextPlantId([], 4)).toBeUndefined();
  });
});
