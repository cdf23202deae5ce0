import { sql } from 'drizzle-orm';
import {
  co2EquivalentsOf,
  co2FactorOf,
  INVERTER_KINDS,
  type Completeness,
  type FigureCompleteness,
  type FigureShare,
  type PeriodicReport,
  type PeriodicReportQuery,
  type PlantReportRow,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { notFound } from '../../http/AppError.ts';
import { modelledPeriodIrradiation } from '../plants/expectedYield.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { loadCo2Factors } from '../system/consoleSettings.ts';
import { localDay, localDayStartMs, nextDay } from '../../time/localDay.ts';
import { daysBetween, periodDays, READING_INTERVAL_MS, utcWindow } from './periods.ts';
import {
  plantDaySlotRows,
  slotDevices,
  slotStatsBetween,
  type SlotStatsRow,
} from '../telemetry/plantDaySlots.ts';
import { checkReportCost } from './reportCost.ts';
import { readInPieces, reportPieces } from './reportPieces.ts';

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

export type PlantRow = {
  id: number;
  name: string;
  time_zone: string;
  latitude: number;
  longitude: number;
  altitude: number;
  capacity_w: number;
  currency: string;
  price_minor_per_kwh: number;
  build_date: string;
  inverters: number;
  /** Weather stations of the plant: without one, its PR is estimated from modelled irradiation. */
  stations: number;
};
type DayEnergyRow = { plant_id: number; day: string; energy_kwh: number };
type AlarmRow = { plant_id: number; level1: number; level2: number; level3: number };

/** The plants of the report: one (404 outside the caller's scope) or every plant the caller sees. */
export async function reportPlants(db: Database, caller: Caller, plantId?: number): Promise<PlantRow[]> {
  const rows = await rowsOf<PlantRow>(
    db,
    sql`select pl.id, pl.name, pl.time_zone, pl.latitude, pl.longitude, pl.altitude::float8 as altitude,
          pl.capacity_w::float8 as capacity_w, pl.currency,
          pl.price_minor_per_kwh, pl.build_date::text as build_date,
          (select count(*)::int from devices d
            where d.plant_id = pl.id and d.kind in ${sql.raw(`('${INVERTER_KINDS.join("','")}')`)}) as inverters,
          (select count(*)::int from devices d where d.plant_id = pl.id and d.kind = 'weatherStation') as stations
        from plants pl
        where ${plantScope(caller)} ${plantId === undefined ? sql`` : sql`and pl.id = ${plantId}`}
        order by pl.name, pl.id`,
  );
  if (plantId !== undefined && rows.length === 0) throw notFound();
  return rows;
}

/**
 * Readings expected of a plant on local day `day`: one per inverter and reporting interval over the part of the
 * day that has passed (a day of a daylight-saving change has 23 or 25 hours), none before the plant was built.
 */
function expectedReadings(plant: PlantRow, day: string, nowMs: number): number {
  if (day < plant.build_date || plant.inverters === 0) return 0;
  const start = localDayStartMs(plant.time_zone, day);
  const end = Math.min(localDayStartMs(plant.time_zone, nextDay(day)), nowMs);
  if (end <= start) return 0;
  return plant.inverters * Math.floor((end - start) / READING_INTERVAL_MS);
}

/** Completeness of the days `days` of one plant, from its readings per day. */
function completenessOf(
  plant: PlantRow,
  days: readonly string[],
  received: ReadonlyMap<string, number>,
  nowMs: number,
): Completeness {
  let got = 0;
  let expected = 0;
  const gapDays: Completeness['gapDays'] = [];
  for (const day of days) {
    const e = expectedReadings(plant, day, nowMs);
    // Readings beyond those expected (a device sending more often) do not make up for another day's gap.
    const r = Math.min(received.get(day) ?? 0, e);
    got += r;
    expected += e;
    if (r < e) gapDays.push({ day, received: r, expected: e });
  }
  return { received: got, expected, ratio: expected === 0 ? 1 : round(got / expected, 4), gapDays };
}

/** Adds up plants' completeness; a day's gap lists the plants' readings of that day together. */
function sumCompleteness(list: readonly Completeness[]): Completeness {
  const byDay = new Map<string, { received: number; expected: number }>();
  let received = 0;
  let expected = 0;
  for (const c of list) {
    received += c.received;
    expected += c.expected;
    for (const g of c.gapDays) {
      const d = byDay.get(g.day) ?? { received: 0, expected: 0 };
      d.received += g.received;
      d.expected += g.expected;
      byDay.set(g.day, d);
    }
  }
  return {
    received,
    expected,
    ratio: expected === 0 ? 1 : round(received / expected, 4),
    gapDays: [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, d]) => ({ day, ...d })),
  };
}

const shareOf = (present: number, expected: number): FigureShare => ({
  present,
  expected,
  ratio: expected === 0 ? 1 : round(Math.min(present, expected) / expected, 4),
});

/** A plant's days expected to have energy: those of the period up to its today, from its build date on. */
const daysExpected = (plant: PlantRow, days: readonly string[]) =>
  plant.inverters === 0 ? [] : days.filter((d) => d >= plant.build_date);

/** Adds up the plants' figure completeness (the PR's over the plants that have one). */
function sumFigureCompleteness(list: readonly FigureCompleteness[]): FigureCompleteness {
  const add = (shares: (FigureShare | null)[]) => {
    const some = shares.filter((x): x is FigureShare => x !== null);
    return shareOf(
      some.reduce((a, x) => a + x.present, 0),
      some.reduce((a, x) => a + x.expected, 0),
    );
  };
  const withPr = list.filter((f) => f.performanceRatio !== null);
  return {
    energy: add(list.map((f) => f.energy)),
    peakPower: add(list.map((f) => f.peakPower)),
    performanceRatio: withPr.length === 0 ? null : add(withPr.map((f) => f.performanceRatio)),
    income: add(list.map((f) => f.income)),
  };
}

/**
 * The plants' 5-minute slots over local days `from`..`to` (`telemetry/plantDaySlots.ts`): a day's report by hour
 * from its readings, a longer period from the day rows kept beside the energy rollups (a fleet's month is then a
 * row per plant and day, not every reading). The readings are read in pieces of plants and days, one after
 * another (`reportPieces.ts`), so that other requests go between them; each piece keeps the rows of its own days
 * (its UTC window holds a little of its neighbours').
 */
async function slotStats(
  db: Database,
  plants: readonly PlantRow[],
  from: string,
  to: string,
  byHour: boolean,
): Promise<SlotStatsRow[]> {
  if (plants.length === 0) return [];
  if (!byHour)
    return plantDaySlotRows(
      db,
      plants.map((p) => p.id),
      from,
      to,
    );
  const devices = await slotDevices(
    db,
    plants.map((p) => p.id),
  );
  if (devices.length === 0) return [];
  return readInPieces(reportPieces(plants, from, to), async (piece) => {
    const { lo, hi } = utcWindow(piece.from, piece.to);
    const rows = await slotStatsBetween(
      db,
      piece.plants.map((p) => p.id),
      devices,
      lo,
      hi,
      true,
    );
    return rows.filter((r) => r.day >= piece.from && r.day <= piece.to);
  });
}

/**
 * The periodic report (`form`): each plant's energy (its daily rollups), peak power, equivalent hours, income, CO₂
 * avoided, alarms and data completeness over its own local day, month or year, and their totals. Energy comes
 * from the same rollups as every other screen, so the report agrees with the plant's detail screen.
 */
export async function periodicReport(
  db: Database,
  caller: Caller,
  q: PeriodicReportQuery,
  nowMs = Date.now(),
): Promise<PeriodicReport> {
  return reportBetween(db, caller, { ...q, ...periodDays(q.period, q.date) }, nowMs);
}

/**
 * The report over local days `from`..`to` (any range: a custom report's week or billing cycle); `period` chooses
 * the chart's slices (hours of a day, days, months of a year). `passes` is how often the caller goes through the
 * readings in all (a custom report's availability is a second pass): the cost is checked before any is read.
 */
export async function reportBetween(
  db: Database,
  caller: Caller,
  q: PeriodicReportQuery & { from: string; to: string },
  nowMs = Date.now(),
  passes = 1,
): Promise<PeriodicReport> {
  const plants = await reportPlants(db, caller, q.plantId);
  const { from, to } = q;
  checkReportCost(plants, from, to, nowMs, passes);
  // Everything that can throw is worked out before the first query starts (a throw amid the list below would
  // leave the queries already started unawaited, and their failure unhandled).
  const { lo, hi } = utcWindow(from, to);
  const [loIso, hiIso] = [lo.toISOString(), hi.toISOString()];
  const ids = sql.param(plants.map((p) => p.id));
  const [energyRows, slotRows, alarmRows, factors] = await Promise.all([
    rowsOf<DayEnergyRow>(
      db,
      sql`select plant_id, period_start::text as day, energy_kwh::float8 as energy_kwh from plant_energy
          where plant_id = any(${ids}::int[]) and period = 'day' and period_start between ${from} and ${to}`,
    ),
    slotStats(db, plants, from, to, q.period === 'day'),
    rowsOf<AlarmRow>(
      db,
      sql`select a.plant_id, count(*) filter (where a.level = 1)::int as level1,
            count(*) filter (where a.level = 2)::int as level2, count(*) filter (where a.level = 3)::int as level3
          from alarms a join plants pl on pl.id = a.plant_id
          where a.plant_id = any(${ids}::int[]) and a.occurred_at >= ${loIso}::timestamptz
            and a.occurred_at < ${hiIso}::timestamptz
            and (a.occurred_at at time zone pl.time_zone)::date between ${from}::date and ${to}::date
          group by 1`,
    ),
    loadCo2Factors(db),
  ]);
  // The rows of the period's local days alone (the UTC window is wider by the zones' offsets).
  const statRows = slotRows.filter((r) => r.day >= from && r.day <= to);
  const hourEnergy = new Map<number, number>();
  for (const r of statRows) {
    if (r.hour >= 0) hourEnergy.set(r.hour, (hourEnergy.get(r.hour) ?? 0) + r.energy_kwh);
  }
  /** PR (IEC 61724-1) where a weather station measures the plane of array: only the slots with both count. */
  const sunOf = new Map<number, { energy_kwh: number; poa_kwh_m2: number }>();
  for (const r of statRows) {
    if (r.sun_poa_kwh_m2 === null) continue;
    const s = sunOf.get(r.plant_id) ?? { energy_kwh: 0, poa_kwh_m2: 0 };
    s.energy_kwh += r.sun_energy_kwh ?? 0;
    s.poa_kwh_m2 += r.sun_poa_kwh_m2;
    sunOf.set(r.plant_id, s);
  }

  // Plants without a sensor: the PR is estimated from the modelled irradiation (as the plant detail's).
  const modelled = await modelledPeriodIrradiation(
    db,
    plants.filter((p) => p.stations === 0 && p.capacity_w > 0 && p.build_date <= to),
    from,
    to,
    nowMs,
  );
  const days = daysBetween(from, to);
  const energyOf = new Map<number, number>();
  const energyDaysOf = new Map<number, Set<string>>();
  const sliceEnergy = new Map<string, number>();
  const sliceOf = (day: string) => (q.period === 'year' ? day.slice(0, 7) : day);
  for (const r of energyRows) {
    energyOf.set(r.plant_id, (energyOf.get(r.plant_id) ?? 0) + r.energy_kwh);
    let set = energyDaysOf.get(r.plant_id);
    if (!set) energyDaysOf.set(r.plant_id, (set = new Set()));
    set.add(r.day);
    sliceEnergy.set(sliceOf(r.day), (sliceEnergy.get(sliceOf(r.day)) ?? 0) + r.energy_kwh);
  }
  const readingsOf = new Map<number, Map<string, number>>();
  const peakOf = new Map<number, number>();
  const sunSlotsOf = new Map<number, number>();
  for (const r of statRows) {
    sunSlotsOf.set(r.plant_id, (sunSlotsOf.get(r.plant_id) ?? 0) + r.sun_slots);
    let m = readingsOf.get(r.plant_id);
    if (!m) readingsOf.set(r.plant_id, (m = new Map()));
    m.set(r.day, (m.get(r.day) ?? 0) + r.readings);
    peakOf.set(r.plant_id, Math.max(peakOf.get(r.plant_id) ?? 0, r.peak_w ?? 0));
  }
  const alarmsOf = new Map(alarmRows.map((a) => [a.plant_id, a]));
  /** Energy over the measured slots and what the irradiation promised at nameplate, for the totals' PR. */
  let measuredKwh = 0;
  let promisedKwh = 0;
  let anyModelled = false;

  const rows: PlantReportRow[] = plants.map((p) => {
    const energyKwh = energyOf.get(p.id) ?? 0;
    const capacityKw = p.capacity_w / 1000;
    const factor = co2FactorOf(factors, p.time_zone);
    const a = alarmsOf.get(p.id);
    // A plant whose local day has not begun or ended yet counts only the days up to its today.
    const today = localDay(p.time_zone, nowMs);
    const pastDays = days.filter((d) => d <= today);
    const measured = sunOf.get(p.id);
    const model = modelled.get(p.id);
    // Of the sensor: the energy of the slots it measured; of the model: the whole energy.
    const sun = measured
      ? { energyKwh: measured.energy_kwh, poaKwhM2: measured.poa_kwh_m2, source: 'sensor' as const }
      : model
        ? { energyKwh, poaKwhM2: model.poaKwhM2, source: 'model' as const }
        : null;
    const pr = sun && sun.poaKwhM2 > 0 && capacityKw > 0 ? sun.energyKwh / (capacityKw * sun.poaKwhM2) : null;
    const readings = completenessOf(p, pastDays, readingsOf.get(p.id) ?? new Map(), nowMs);
    const expectedDays = daysExpected(p, pastDays);
    const withEnergy = energyDaysOf.get(p.id) ?? new Set<string>();
    const energyShare = shareOf(expectedDays.filter((d) => withEnergy.has(d)).length, expectedDays.length);
    // A measured PR counts the slots with both power and irradiance among the slots expected (one per interval).
    const prShare =
      pr === null
        ? null
        : sun!.source === 'model'
          ? energyShare
          : shareOf(sunSlotsOf.get(p.id) ?? 0, p.inverters > 0 ? readings.expected / p.inverters : 0);
    if (pr !== null) {
      measuredKwh += sun!.energyKwh;
      promisedKwh += capacityKw * sun!.poaKwhM2;
      if (sun!.source === 'model') anyModelled = true;
    }
    return {
      plantId: p.id,
      name: p.name,
      timeZone: p.time_zone,
      capacityKw: round(capacityKw, 3),
      from,
      to,
      energyKwh: round(energyKwh, 3),
      peakPowerW: round(peakOf.get(p.id) ?? 0, 1),
      equivalentHours: capacityKw > 0 ? round(energyKwh / capacityKw, 2) : 0,
      irradiationKwhM2: sun ? round(sun.poaKwhM2, 3) : null,
      performanceRatio: pr === null ? null : round(pr, 4),
      irradianceSource: pr === null ? null : sun!.source,
      currency: p.currency,
      incomeMinor: Math.round(energyKwh * p.price_minor_per_kwh),
      co2Kg: round(energyKwh * factor.kgPerKwh, 2),
      co2Factor: factor,
      alarms: {
        total: (a?.level1 ?? 0) + (a?.level2 ?? 0) + (a?.level3 ?? 0),
        level1: a?.level1 ?? 0,
        level2: a?.level2 ?? 0,
        level3: a?.level3 ?? 0,
      },
      completeness: readings,
      figureCompleteness: {
        energy: energyShare,
        peakPower: shareOf(readings.received, readings.expected),
        performanceRatio: prShare,
        income: energyShare,
      },
    };
  });

  const sum = (f: (r: PlantReportRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const energyKwh = sum((r) => r.energyKwh);
  const capacityKw = sum((r) => r.capacityKw);
  const co2Kg = sum((r) => r.co2Kg);
  const equivalents = co2EquivalentsOf(energyKwh, co2Kg);
  const income = new Map<string, number>();
  for (const r of rows) income.set(r.currency, (income.get(r.currency) ?? 0) + r.incomeMinor);
  const slices =
    q.period === 'day'
      ? Array.from({ length: 24 }, (_, h) => ({
          label: `${String(h).padStart(2, '0')}:00`,
          energyKwh: round(hourEnergy.get(h) ?? 0, 3),
        }))
      : (q.period === 'year' ? [...new Set(days.map(sliceOf))] : days).map((label) => ({
          label,
          energyKwh: round(sliceEnergy.get(label) ?? 0, 3),
        }));
  return {
    period: q.period,
    date: q.date,
    plantName: q.plantId === undefined ? null : (plants[0]?.name ?? null),
    plants: rows,
    totals: {
      plantCount: rows.length,
      capacityKw: round(capacityKw, 3),
      energyKwh: round(energyKwh, 3),
      peakPowerW: round(
        sum((r) => r.peakPowerW),
        1,
      ),
      equivalentHours: capacityKw > 0 ? round(energyKwh / capacityKw, 2) : 0,
      performanceRatio: promisedKwh > 0 ? round(measuredKwh / promisedKwh, 4) : null,
      irradianceSource: promisedKwh > 0 ? (anyModelled ? 'model' : 'sensor') : null,
      income: [...income]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, incomeMinor]) => ({ currency, incomeMinor })),
      co2: {
        co2Kg: round(co2Kg, 2),
        coalKg: round(equivalents.coalKg, 2),
        trees: round(equivalents.trees, 1),
      },
      alarms: {
        total: sum((r) => r.alarms.total),
        level1: sum((r) => r.alarms.level1),
        level2: sum((r) => r.alarms.level2),
        level3: sum((r) => r.alarms.level3),
      },
      completeness: sumCompleteness(rows.map((r) => r.completeness)),
      figureCompleteness: sumFigureCompleteness(rows.map((r) => r.figureCompleteness)),
    },
    slices,
  };
}
