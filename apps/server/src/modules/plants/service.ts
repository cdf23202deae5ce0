import type { PlantType } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { isKnownTimeZone } from '@solarops/contracts';
import { plants } from './tables.ts';

/** What a new plant needs (spec §3). The create/edit screens of a later issue call this too. */
export interface NewPlant {
  code?: string | null;
  name: string;
  ownerId: number;
  installerId?: number | null;
  address?: string;
  timeZone: string;
  picture?: string | null;
  priceMinorPerKwh?: number;
  currency?: string;
  capacityW: number;
  latitude: number;
  longitude: number;
  altitude?: number;
  type: PlantType;
  buildDate: string;
}

/** Inserts plants and returns their ids, in order. */
export async function createPlants(db: Database, input: readonly NewPlant[]): Promise<number[]> {
  if (input.length === 0) return [];
  for (const p of input) if (!isKnownTimeZone(p.timeZone)) throw new Error(`unknown time zone ${p.timeZone}`);
  const rows = await db
    .insert(plants)
    .values(input.map((p) => ({ ...p, code: p.code ?? null, installerId: p.installerId ?? null })))
    .returning({ id: plants.id });
  return rows.map((r) => r.id);
}
