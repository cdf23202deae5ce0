import { describe, expect, it } from 'vitest';
import { daysBetween } from './periods.ts';
import { PIECE_DEVICE_DAYS, readInPieces, reportPieces } from './reportPieces.ts';

const plant = (id: number, inverters: number, stations = 0) => ({ id, inverters, stations });
const devices = (p: { inverters: number; stations: number }) => Math.max(1, p.inverters + p.stations);

describe('a report read in pieces', () => {
  const plants = [plant(1, 5, 1), plant(2, 0), plant(3, 12), plant(4, 400), plant(5, 30, 2), plant(6, 1)];

  it('covers every plant and day of the report exactly once', () => {
    const days = daysBetween('2024-01-01', '2024-12-31');
    const seen = new Map<string, number>();
    for (const piece of reportPieces(plants, '2024-01-01', '2024-12-31'))
      for (const p of piece.plants)
        for (const day of daysBetween(piece.from, piece.to))
          seen.set(`${p.id} ${day}`, (seen.get(`${p.id} ${day}`) ?? 0) + 1);
    expect(seen.size).toBe(plants.length * days.length);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('keeps each piece within its device-days, but a plant with more devices, which reads a day at a time', () => {
    const pieces = reportPieces(plants, '2024-01-01', '2024-12-31');
    for (const piece of pieces) {
      const cost =
        piece.plants.reduce((s, p) => s + devices(p), 0) * daysBetween(piece.from, piece.to).length;
      if (piece.plants.some((p) => p.id === 4)) {
        expect(piece.plants).toHaveLength(1);
        expect(piece.from).toBe(piece.to);
      } else expect(cost).toBeLessThanOrEqual(PIECE_DEVICE_DAYS);
    }
    // Small plants share a piece: a year of the six is far fewer queries than plants × days.
    expect(pieces.length).toBeLessThan(366 + 366);
  });

  it('reads the pieces one after another, never two at once, rows in order', async () => {
    let running = 0;
    let most = 0;
    const pieces = reportPieces([plant(1, 10)], '2024-01-01', '2024-03-31', 100);
    const rows = await readInPieces(pieces, async (piece) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      return [piece.from];
    });
    expect(most).toBe(1);
    expect(rows).toEqual(pieces.map((p) => p.from));
    expect(rows[0]).toBe('2024-01-01');
    expect(pieces.at(-1)!.to).toBe('2024-03-31');
  });

  it('has no piece for no plants or an empty span', () => {
    expect(reportPieces([], '2024-01-01', '2024-01-31')).toEqual([]);
    expect(reportPieces(plants, '2024-02-01', '2024-01-31')).toEqual([]);
  });
});
