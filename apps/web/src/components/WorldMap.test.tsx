import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/i18n.ts';
import { WorldMap } from './WorldMap.tsx';

describe('WorldMap: where a plant lies, picked with a click', () => {
  it('draws the land of the world once loaded and pins the given coordinates', async () => {
    render(<WorldMap latitude={31.2} longitude={121.5} />);
    // The outline is its own chunk: generous time for it on a loaded machine.
    const land = await screen.findByTestId('map-land', undefined, { timeout: 15_000 });
    // Natural Earth's land, every ring a closed subpath inside the 360 × 180 frame (or its copy across the edge).
    const d = land.getAttribute('d')!;
    expect(d.split('M').length).toBeGreaterThan(100);
    // Shanghai's coast is land: a point of the outline lies within a degree of it.
    const points = [...d.matchAll(/[ML]([\d.-]+),([\d.-]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(points.some(([x, y]) => Math.abs(x! - 301.5) < 1 && Math.abs(y! - 58.8) < 1)).toBe(true);
    expect(screen.getByTestId('map-pin').getAttribute('transform')).toBe('translate(301.5,58.8)');
  });

  it('reports the latitude and longitude under a click', () => {
    const onPick = vi.fn();
    render(<WorldMap onPick={onPick} />);
    expect(screen.queryByTestId('map-pin')).toBeNull();
    const map = screen.getByTestId('world-map');
    // Drawn 720 × 360 pixels: two pixels a degree.
    map.getBoundingClientRect = () => ({ left: 10, top: 20, width: 720, height: 360 }) as DOMRect;
    fireEvent.click(map, { clientX: 10 + 2 * (121.5 + 180), clientY: 20 + 2 * (90 - 31.2) });
    expect(onPick).toHaveBeenCalledWith(31.2, 121.5);
  });

  it('draws a coloured pin per plant, named on hover, that opens its plant', () => {
    const onClick = vi.fn();
    render(
      <WorldMap
        pins={[
          {
            key: 1,
            latitude: -23.55,
            longitude: -46.63,
            color: '#ff4d4f',
            title: 'São Paulo · Alarm',
            onClick,
          },
          {
            key: 2,
            latitude: 52.52,
            longitude: 13.4,
            color: '#52c41a',
            title: 'Berlin · Normal',
            dimmed: true,
          },
        ]}
      />,
    );
    const [alarm, normal] = screen.getAllByTestId('map-pin');
    expect(alarm!.getAttribute('transform')).toBe('translate(133.37,113.55)');
    expect(alarm!.querySelector('title')!.textContent).toBe('São Paulo · Alarm');
    expect(alarm!.querySelector('circle')!.getAttribute('fill')).toBe('#ff4d4f');
    expect(normal!.getAttribute('opacity')).toBe('0.2');
    fireEvent.click(alarm!);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
