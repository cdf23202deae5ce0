/**
 * A plant's expected yield and IEC 61724-1 figures over its local day, month to date and year to date: the
 * inverters' energy from the rollups against the in-plane irradiation, measured by the plant's weather stations
 * when it has one, otherwise modelled for a clear sky over its site (`packages/pv`: sun position, Ineichen,
 * Hay–Davies transposition into a plane facing the equator, SAPM cell temperature) times a cloud factor: what the
 * nearest plants with a weather station (within 100 km) measured over what a clear sky would have given them in
 * the same span. The expected energy is PVWatts': P_0 · Σ H_k · (1 + γ · (T_k − 25 °C)) less the system losses and
 * the inverter's.
 */
import { sql } from 'drizzle-orm';
import type { PeriodPerformance, PlantPerformance } from '@solarops/contracts';
import {
  clearSkyPlaneIrradiation,
  equatorFacing,
  performanceRatio,
  pvwattsLosses,
  type PlaneIrradiation,
  type PlaneSite,
} from '@solarops/pv';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { plantDevicesBetween } from '../devices/plantSpans.ts';
import { firstIrradianceMs, readingsBetween } from '../telemetry/history.ts';
import { localDay, localDayStartMs, monthOf, nextDay, yearOf } from '../../time/localDay.ts';
import { distanceKm } from './distanceKm.ts';
import { DEFAULT_GAMMA_PER_K } from './performance.ts';
import type { FoundPlant } from './queries.ts';

/** Nominal inverter efficiency of PVWatts [unitless]. */
export const INVERTER_EFFICIENCY = 0.96;
/** Share of the DC energy left after PVWatts' default system losses (14.08 %) and the inverter's [unitless]. */
export const EXPECTED_AC_SHARE = (1 - pvwattsLosses() / 100) * INVERTER_EFFICIENCY;
/** Integration step of the modelled irradiance [ms]: within 0.1 % of a 5-minute step over a day. */
const MODEL_STEP_MS = 1_800_000;
/** A weather station reports every 5 minutes: an average irradiance over a slot times 1/12 h [kWh/m² per W/m²]. */
const SLOT_KWH_PER_W = 5 / 60 / 1000;

/** Plants with a weather station this near lend a plant without one their cloud factor [km]. */
export const CLOUD_NEIGHBOUR_KM = 100;
/** How many of the nearest such plants count. */
const CLOUD_NEIGHBOURS = 3;

/** Modelled irradiation of whole past local days, by site and day (they never change). */
const modelledDays = new Map<string, PlaneIrradiation>();
const MODELLED_DAYS_KEPT = 100_000;

const add = (a: PlaneIrradiation, b: PlaneIrradiation): PlaneIrradiation => ({
  poaKwhM2: a.poaKwhM2 + b.poaKwhM2,
  temperatureWeightedKwhM2: a.temperatureWeightedKwhM2 + b.temperatureWeightedKwhM2,
});
const NONE: PlaneIrradiation = { poaKwhM2: 0, temperatureWeightedKwhM2: 0 };

/** Clear-sky irradiation of the plant's plane from local day `from` up to the instant `untilMs`. */
function modelledIrradiation(
  site: PlaneSite,
  timeZone: string,
  from: string,
  untilMs: number,
): PlaneIrradiation {
  let sum = NONE;
  for (let d = from; ; d = nextDay(d)) {
    const start = localDayStartMs(timeZone, d);
    if (start >= untilMs) break;
    const end = localDayStartMs(timeZone, nextDay(d));
    const opts = { stepMs: MODEL_STEP_MS, gammaPerK: DEFAULT_GAMMA_PER_K };
    if (end > untilMs) {
      sum = add(sum, clearSkyPlaneIrradiation(site, start, untilMs, opts));
      break;
    }
    const key = `${site.latitude},${site.longitude},${site.altitude ?? 0},${site.surfaceTilt},${site.surfaceAzimuth},${timeZone},${d}`;
    let day = modelledDays.get(key);
    if (!day) {
      if (modelledDays.size >= MODELLED_DAYS_KEPT) modelledDays.clear();
      day = clearSkyPlaneIrradiation(site, start, end, opts);
      modelledDays.set(key, day);
    }
    sum = add(sum, day);
  }
  return sum;
}

/**
 * `modelledIrradiation` a month at a time, letting the API's other work run between months: a year of a plant's
 * clear sky is about a second of computing, which held every request (a report of many plants, many seconds).
 */
async function modelledIrradiationByMonth(
  site: PlaneSite,
  timeZone: string,
  from: string,
  untilMs: number,
): Promise<PlaneIrradiation> {
  let sum = NONE;
  for (let start = from; localDayStartMs(timeZone, start) < untilMs;) {
    const [y, m] = start.split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    sum = add(
      sum,
      modelledIrradiation(site, timeZone, start, Math.min(untilMs, localDayStartMs(timeZone, next))),
    );
    start = next;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sum;
}

/**
 * Measured irradiation of the plant's weather stations since each of `starts` up to `untilMs`: 5-minute slots
 * averaged over the stations, the temperature weight from the measured module temperature (25 °C where missing).
 */
async function measuredIrradiation(
  db: Database,
  plantId: number,
  starts: readonly number[],
  untilMs: number,
): Promise<PlaneIrradiation[]> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const first = iso(Math.min(...starts));
  // The plant's weather stations of the span as constants: the readings are then read by their keys for them alone
  // (by plant alone, PostgreSQL scanned a month of every device's raw readings and every compacted day's key).
  const stations = await plantDevicesBetween(db, plantId, ['weatherStation'], Math.min(...starts), untilMs);
  const stationIds = [...new Set(stations.map((s) => s.deviceId))];
  const sums = starts.map(
    (
      s,
      i,
    ) => sql`coalesce(sum(g) filter (where slot >= ${iso(s)}::timestamptz), 0)::float8 as ${sql.raw(`h${i}`)},
      coalesce(sum(g * (1 + ${DEFAULT_GAMMA_PER_K} * (coalesce(tm, 25) - 25))) filter (where slot >= ${iso(s)}::timestamptz), 0)::float8 as ${sql.raw(`w${i}`)}`,
  );
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`with slots as (
        select date_bin('5 minutes', ts, ${first}::timestamptz) as slot, avg(poa_wm2) as g, avg(temp_module_c) as tm
        from ${readingsBetween(sql`${first}::timestamptz`, sql`${iso(untilMs)}::timestamptz`, ['poa_wm2', 'temp_module_c'])} t
        where plant_id = ${plantId} and device_id = any(${sql.param(stationIds)}::int[]) and poa_wm2 is not null
        group by 1)
      select ${sql.join(sums, sql`, `)} from slots`,
  );
  return starts.map((_, i) => ({
    poaKwhM2: Number(row?.[`h${i}`] ?? 0) * SLOT_KWH_PER_W,
    temperatureWeightedKwhM2: Number(row?.[`w${i}`] ?? 0) * SLOT_KWH_PER_W,
  }));
}

/**
 * The local day (in `zone`) of the first irradiance the plant's weather stations measured; null when they never
 * did. IEC 61724-1 sets
 * irradiation and energy over the same time: a span before it has no measured irradiation to set against.
 */
async function firstMeasuredDay(db: Database, plantId: number, zone: string): Promise<string | null> {
  const stations = await plantDevicesBetween(db, plantId, ['weatherStation'], -Infinity, Infinity);
  const ids = [...new Set(stations.map((s) => s.deviceId))];
  if (ids.length === 0) return null;
  const [row] = await rowsOf<{ first_ms: number | null }>(db, firstIrradianceMs(ids));
  const firstMs = row?.first_ms;
  if (firstMs === null || firstMs === undefined) return null;
  return localDay(zone, firstMs);
}

interface Site {
  id: number;
  latitude: number;
  longitude: number;
  altitude: number;
}

const planeOf = (s: Site): PlaneSite => ({
  latitude: Number(s.latitude),
  longitude: Number(s.longitude),
  altitude: Number(s.altitude),
  ...equatorFacing(Number(s.latitude)),
});

/** Every plant with a weather station, where a plant without one finds its cloud factor. */
const stationSites = (db: Database) =>
  rowsOf<Site>(
    db,
    sql`select pl.id, pl.latitude, pl.longitude, pl.altitude from plants pl
      where exists (select 1 from devices d where d.plant_id = pl.id and d.kind = 'weatherStation')`,
  );

/** The nearest of `stations` (other than the site itself) within {@link CLOUD_NEIGHBOUR_KM}, nearest first. */
const nearestStations = (site: Site, stations: readonly Site[]) =>
  stations
    .filter((s) => s.id !== site.id)
    .map((s) => ({
      s,
      km: distanceKm(site, { latitude: Number(s.latitude), longitude: Number(s.longitude) }),
    }))
    .filter((n) => n.km <= CLOUD_NEIGHBOUR_KM)
    .sort((a, b) => a.km - b.km)
    .slice(0, CLOUD_NEIGHBOURS)
    .map((n) => n.s);

/**
 * The cloud factor of each period for a plant without a sensor: Σ measured ÷ Σ clear-sky in-plane irradiation of
 * the nearest plants with a weather station within {@link CLOUD_NEIGHBOUR_KM}, over the same spans (up to
 * `untilMs`); null where there is none (or their clear sky gives nothing, at night).
 *
 * @param measured - Measures a station plant's irradiation since each start (lets a caller share them)
 * @param firstMeasured - The first whole day a station plant measured, in `zone` (null: never)
 */
async function cloudFactors(
  stations: readonly Site[],
  site: Site,
  zone: string,
  starts: readonly string[],
  untilMs: number,
  measured: (stationId: number, startMs: readonly number[]) => Promise<PlaneIrradiation[]>,
  firstMeasured: (stationId: number) => Promise<string | null>,
): Promise<(number | null)[]> {
  const near = nearestStations(site, stations);
  if (near.length === 0) return starts.map(() => null);
  // Each neighbour counts from the day its station measured: its clear sky over the days before would set a
  // month's sky against a few days' measurement (a cloud factor of a third, and a PR of 200 %).
  const since = await Promise.all(near.map((n) => firstMeasured(n.id)));
  const startOf = (i: number, d: string) => {
    const first = since[i];
    return first && first > d ? first : d;
  };
  // Every span's start worked out before the first read starts (a throw amid them would leave reads unawaited).
  const startMs = near.map((_, i) => starts.map((d) => localDayStartMs(zone, startOf(i, d))));
  const got = await Promise.all(near.map((n, i) => measured(n.id, startMs[i]!)));
  return starts.map((d, k) => {
    let clear = 0;
    let sum = 0;
    near.forEach((n, i) => {
      if (since[i] === null) return;
      clear += modelledIrradiation(planeOf(n), zone, startOf(i, d), untilMs).poaKwhM2;
      sum += got[i]![k]!.poaKwhM2;
    });
    return clear > 0 ? sum / clear : null;
  });
}

/** A plant's site and zone, for its modelled irradiation. */
export interface ModelledSite extends Site {
  time_zone: string;
}

/**
 * Modelled in-plane irradiation of plants without a sensor over their local days `from`..`to` (up to `nowMs`), as
 * the plant detail models it: the clear sky over the site times the cloud factor of the nearest plants with a
 * weather station (1 without any). The reports' PR of such plants is estimated from it.
 */
export async function modelledPeriodIrradiation(
  db: Database,
  plants: readonly ModelledSite[],
  from: string,
  to: string,
  nowMs: number,
): Promise<Map<number, { poaKwhM2: number; cloudFactor: number | null }>> {
  const out = new Map<number, { poaKwhM2: number; cloudFactor: number | null }>();
  if (plants.length === 0) return out;
  const stations = await stationSites(db);
  // A station plant's measurement is read once per span, however many plants lean on it.
  const measuredOnce = new Map<string, Promise<PlaneIrradiation[]>>();
  const firstOnce = new Map<string, Promise<string | null>>();
  for (const p of plants) {
    const untilMs = Math.min(localDayStartMs(p.time_zone, nextDay(to)), nowMs);
    if (untilMs <= localDayStartMs(p.time_zone, from)) continue;
    const measured = (stationId: number, startMs: readonly number[]) => {
      const key = `${stationId}|${startMs.join()}|${untilMs}`;
      let m = measuredOnce.get(key);
      if (!m) measuredOnce.set(key, (m = measuredIrradiation(db, stationId, startMs, untilMs)));
      return m;
    };
    const first = (stationId: number) => {
      const key = `${stationId}|${p.time_zone}`;
      let f = firstOnce.get(key);
      if (!f) firstOnce.set(key, (f = firstMeasuredDay(db, stationId, p.time_zone)));
      return f;
    };
    const [factor] = await cloudFactors(stations, p, p.time_zone, [from], untilMs, measured, first);
    const clear = await modelledIrradiationByMonth(planeOf(p), p.time_zone, from, untilMs);
    out.set(p.id, { poaKwhM2: clear.poaKwhM2 * (factor ?? 1), cloudFactor: factor ?? null });
  }
  return out;
}

/**
 * The period's figures from its energy and irradiation.
 *
 * @param energyKwh - E_AC [kWh]
 * @param capacityKw - P_0 [kWp]
 * @param h - H_POA and its temperature-weighted form [kWh/m²]
 */
export function periodFigures(
  energyKwh: number,
  capacityKw: number,
  h: PlaneIrradiation,
): Omit<PeriodPerformance, 'period' | 'start' | 'cloudFactor'> {
  const f = performanceRatio(energyKwh, capacityKw, h.poaKwhM2);
  const corrected = capacityKw > 0 && h.temperatureWeightedKwhM2 > 0;
  return {
    energyKwh,
    poaKwhM2: h.poaKwhM2,
    expectedEnergyKwh: capacityKw * h.temperatureWeightedKwhM2 * EXPECTED_AC_SHARE,
    referenceYieldH: f.referenceYieldH,
    finalYieldH: Number.isFinite(f.finalYieldH) ? f.finalYieldH : 0,
    performanceRatio: Number.isFinite(f.performanceRatio) ? f.performanceRatio : null,
    temperatureCorrectedPr: corrected ? energyKwh / (capacityKw * h.temperatureWeightedKwhM2) : null,
  };
}

/**
 * The plant's figures today, this month and this year (each up to now), in its time zone.
 *
 * @param db - Database
 * @param plant - The plant (found in the caller's scope)
 * @param nowMs - The instant the periods end [ms]
 */
export async function plantPerformance(
  db: Database,
  plant: FoundPlant,
  nowMs = Date.now(),
): Promise<PlantPerformance> {
  const zone = plant.time_zone;
  const date = localDay(zone, nowMs);
  const [[site], energies] = await Promise.all([
    rowsOf<Site & { stations: number; first_day: string | null }>(
      db,
      sql`select pl.id, pl.latitude, pl.longitude, pl.altitude,
          (select count(*)::int from devices d where d.plant_id = pl.id and d.kind = 'weatherStation') as stations,
          (select min(e.period_start)::text from plant_energy e where e.plant_id = pl.id and e.period = 'day')
            as first_day
        from plants pl where pl.id = ${plant.id}`,
    ),
    rowsOf<{ period: string; energy_kwh: number }>(
      db,
      sql`select period, energy_kwh from plant_energy where plant_id = ${plant.id} and (
          (period = 'day' and period_start = ${date}::date) or (period = 'month' and period_start = ${monthOf(date)}::date)
          or (period = 'year' and period_start = ${yearOf(date)}::date))`,
    ),
  ]);
  if (!site) throw new Error(`plant ${plant.id} vanished`);
  // IEC 61724-1 counts only the time with data: a period starts no earlier than the plant's first day of energy,
  // so that a plant connected this week is not judged against the irradiation of the months before it.
  // With a weather station, likewise no earlier than its first whole day of measurement: the energy of the days
  // before it has no irradiation to be set against (a year of energy over two weeks of sky gave a PR of 2 516 %).
  const sensor = site.stations > 0;
  const measuredSince = sensor ? await firstMeasuredDay(db, plant.id, zone) : null;
  const since = (start: string) =>
    [start, site.first_day, measuredSince].reduce<string>((a, b) => (b && b > a ? b : a), start);
  const periods = [
    { period: 'day' as const, start: date },
    { period: 'month' as const, start: since(monthOf(date)) },
    { period: 'year' as const, start: since(yearOf(date)) },
  ];
  const starts = periods.map((p) => p.start);
  const factors = sensor
    ? starts.map(() => null)
    : await cloudFactors(
        await stationSites(db),
        site,
        zone,
        starts,
        nowMs,
        (id, startMs) => measuredIrradiation(db, id, startMs, nowMs),
        (id) => firstMeasuredDay(db, id, zone),
      );
  const irradiation = sensor
    ? await measuredIrradiation(
        db,
        plant.id,
        starts.map((d) => localDayStartMs(zone, d)),
        nowMs,
      )
    : starts.map((d, i) => {
        const clear = modelledIrradiation(planeOf(site), zone, d, nowMs);
        const k = factors[i] ?? 1;
        return { poaKwhM2: clear.poaKwhM2 * k, temperatureWeightedKwhM2: clear.temperatureWeightedKwhM2 * k };
      });
  // A period cut short by the station's first day counts the energy of its days from then on. The month and the
  // year cut at the same day are one start: twice in the list, its days were summed twice (a PR of 166 %).
  const cut = periods.filter(
    (p) => p.period !== 'day' && p.start !== (p.period === 'month' ? monthOf(date) : yearOf(date)),
  );
  const daySums =
    cut.length === 0 || measuredSince === null
      ? []
      : await rowsOf<{ start: string; energy_kwh: number }>(
          db,
          sql`select k.start::text as start, coalesce(sum(e.energy_kwh), 0)::float8 as energy_kwh
            from unnest(${sql.param([...new Set(cut.map((p) => p.start))])}::date[]) as k(start)
            left join plant_energy e on e.plant_id = ${plant.id} and e.period = 'day'
              and e.period_start >= k.start and e.period_start <= ${date}::date
            group by k.start`,
        );
  const energyOf = (period: string) => {
    const start = periods.find((p) => p.period === period)!.start;
    const cutSum =
      measuredSince !== null && start === measuredSince ? daySums.find((d) => d.start === start) : undefined;
    return Number(cutSum?.energy_kwh ?? energies.find((e) => e.period === period)?.energy_kwh ?? 0);
  };
  const capacityKw = Number(plant.capacity_w) / 1000;
  return {
    plantId: plant.id,
    date,
    irradianceSource: sensor ? 'sensor' : 'model',
    periods: periods.map((p, i) => ({
      ...p,
      ...periodFigures(energyOf(p.period), capacityKw, irradiation[i]!),
      cloudFactor: factors[i] ?? null,
    })),
  };
}
