/**
 * The abnormal report (`abnormalReport`): which plants of the caller's scope need a look on one local day.
 * - offline: an inverter without a reading for 2 hours or more of daylight;
 * - noOutput: a plant whose reporting inverters together give at most 1 % of its capacity for 1 hour or more
 *   while the irradiance (its weather station's, else the clear-sky model's) is at least 200 W/m²;
 * - underperforming: a plant whose specific yield over the 7 days ending on the day is at most 80 % of the median
 *   of comparable plants (those within 100 km), or of what its measured irradiation promises.
 * Only daylight is judged, so that an inverter asleep at night (they are) is never a finding.
 */
import { sql } from 'drizzle-orm';
import {
  INVERTER_KINDS,
  SERVER_FAULT_CODES,
  type AbnormalReport,
  type AbnormalReportQuery,
  type AbnormalRow,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { distanceKm } from '../plants/distanceKm.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { notFound } from '../../http/AppError.ts';
import type { Caller } from '../plants/plantScope.ts';
import { DAYLIGHT_ELEVATION_DEG, daySlots } from './daylight.ts';
import { reportPlants, type PlantRow } from './periodicReport.ts';
import { READING_INTERVAL_MS, utcWindow } from './periods.ts';
import { readingsBetween } from '../telemetry/history.ts';

/** Thresholds of the abnormal report (issue 20). */
export const ABNORMAL_RULES = {
  /** Daylight: the sun at least this high [deg] (the reports' daylight). */
  daylightElevationDeg: DAYLIGHT_ELEVATION_DEG,
  /** An inverter silent this long in daylight is offline [ms]. */
  offlineMs: 2 * 3_600_000,
  /** At most this share of the capacity counts as nothing [unitless]. */
  noOutputShare: 0.01,
  /** Irradiance from which a plant must produce [W/m²]. */
  noOutputIrradianceWm2: 200,
  /** Producing nothing this long is a finding [ms]. */
  noOutputMs: 3_600_000,
  /** Days of the underperformance window, ending on the judged day. */
  windowDays: 7,
  /** A plant yielding at most this share of its reference underperforms [unitless]. */
  underperformShare: 0.8,
  /** Plants within this distance are comparable [km]. */
  peerRadiusKm: 100,
  /** Fewest comparable plants whose median means something. */
  minPeers: 3,
  /**
   * PR a sound plant reaches, turning measured in-plane irradiation into an expected yield [unitless]: the
   * IEC 61724-1 reference yield times a typical PR.
   */
  expectedPr: 0.8,
} as const;

const SLOT_MS = READING_INTERVAL_MS;
const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

type DeviceRow = { id: number; plant_id: number; serial: string; kind: string; rated_power_w: number };
type SlotRow = { device_id: number; slot_ms: number; power_w: number | null; irradiance: number | null };
type AlarmRow = {
  id: number;
  plant_id: number;
  device_id: number | null;
  code: number;
  occurred_ms: number;
  recovered_ms: number | null;
};

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The longest run of consecutive slots for which `hit` holds: first slot and length, or null. */
function longestRun(
  slots: readonly number[],
  hit: (i: number) => boolean,
): { start: number; n: number } | null {
  let best: { start: number; n: number } | null = null;
  let start = -1;
  for (let i = 0; i <= slots.length; i++) {
    if (i < slots.length && hit(i)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && (!best || i - start > best.n)) best = { start, n: i - start };
    start = -1;
  }
  return best;
}

const toIso = (w: { lo: Date; hi: Date }) => ({ lo: w.lo.toISOString(), hi: w.hi.toISOString() });

/**
 * The abnormal report of the caller's scope (or of one plant in it) for local day `q.date`.
 *
 * @param nowMs - The present: slots not yet over are not judged
 */
export async function abnormalReport(
  db: Database,
  caller: Caller,
  q: AbnormalReportQuery,
  nowMs = Date.now(),
): Promise<AbnormalReport> {
  // Peers come from the whole scope even when one plant is asked for.
  const scope = await reportPlants(db, caller);
  if (q.plantId !== undefined && !scope.some((p) => p.id === q.plantId)) throw notFound();
  const judged = q.plantId === undefined ? scope : scope.filter((p) => p.id === q.plantId);
  const windowFrom = new Date(
    Date.parse(`${q.date}T00:00:00Z`) - (ABNORMAL_RULES.windowDays - 1) * 86_400_000,
  )
    .toISOString()
    .slice(0, 10);
  const ids = sql.param(scope.map((p) => p.id));
  const judgedIds = sql.param(judged.map((p) => p.id));
  // The windows' bounds as text before the first query starts: a throw amid the list below would leave the
  // queries already started unawaited.
  const day = toIso(utcWindow(q.date, q.date));
  const week = toIso(utcWindow(windowFrom, q.date));
  const kinds = sql.param([...INVERTER_KINDS, 'weatherStation']);

  const [devices, slotRows, alarms, energyRows, deviceEnergyRows, poaRows, faults] = await Promise.all([
    rowsOf<DeviceRow>(
      db,
      sql`select id, plant_id, serial, kind, rated_power_w::float8 as rated_power_w from devices
          where plant_id = any(${ids}::int[]) and kind = any(${kinds}::text[]) order by id`,
    ),
    rowsOf<SlotRow>(
      db,
      sql`select t.device_id,
            (extract(epoch from date_bin('5 minutes', t.ts, timestamptz '2000-01-01Z')) * 1000)::float8 as slot_ms,
            max(t.ac_power_w)::float8 as power_w, max(coalesce(t.poa_wm2, t.ghi_wm2))::float8 as irradiance
          from ${readingsBetween(sql`${day.lo}::timestamptz`, sql`${day.hi}::timestamptz`, ['ac_power_w', 'poa_wm2', 'ghi_wm2'])} t
          where t.plant_id = any(${judgedIds}::int[])
          group by 1, 2`,
    ),
    rowsOf<AlarmRow>(
      db,
      sql`select id::int as id, plant_id, device_id, code,
            (extract(epoch from occurred_at) * 1000)::float8 as occurred_ms,
            (extract(epoch from recovered_at) * 1000)::float8 as recovered_ms
          from alarms
          where plant_id = any(${judgedIds}::int[])
            and code in (${SERVER_FAULT_CODES.deviceOffline}, ${SERVER_FAULT_CODES.plantNoOutput})
            and occurred_at < ${day.hi}::timestamptz
            and (recovered_at is null or recovered_at > ${day.lo}::timestamptz)
          order by occurred_at`,
    ),
    rowsOf<{ plant_id: number; energy_kwh: number; days: number }>(
      db,
      sql`select plant_id, sum(energy_kwh)::float8 as energy_kwh, count(*)::int as days from plant_energy
          where plant_id = any(${ids}::int[]) and period = 'day' and period_start between ${windowFrom} and ${q.date}
          group by 1`,
    ),
    rowsOf<{ device_id: number; energy_kwh: number }>(
      db,
      sql`select device_id, sum(energy_kwh)::float8 as energy_kwh from device_energy
          where plant_id = any(${judgedIds}::int[]) and period = 'day'
            and period_start between ${windowFrom} and ${q.date}
          group by 1`,
    ),
    // In-plane irradiation of the window from the plants' weather stations [kWh/m²], each slot 5 minutes.
    rowsOf<{ plant_id: number; poa_kwh_m2: number; slots: number }>(
      db,
      sql`select t.plant_id, (sum(t.poa_wm2) / 12 / 1000 / count(distinct t.device_id))::float8 as poa_kwh_m2,
            count(*)::int as slots
          from ${readingsBetween(sql`${week.lo}::timestamptz`, sql`${week.hi}::timestamptz`, ['poa_wm2'])} t
            join devices d on d.id = t.device_id and d.kind = 'weatherStation'
          where t.plant_id = any(${judgedIds}::int[]) and t.poa_wm2 is not null
            and (t.ts at time zone (select time_zone from plants where id = t.plant_id))::date
              between ${windowFrom}::date and ${q.date}::date
          group by 1`,
    ),
    // Faults (not silence: offline has its own finding) open at some moment of the day; those still open at its
    // end are findings.
    rowsOf<AlarmRow & { serial: string | null }>(
      db,
      sql`select a.id::int as id, a.plant_id, a.device_id, a.code, d.serial,
            (extract(epoch from a.occurred_at) * 1000)::float8 as occurred_ms,
            (extract(epoch from a.recovered_at) * 1000)::float8 as recovered_ms
          from alarms a left join devices d on d.id = a.device_id
          where a.plant_id = any(${judgedIds}::int[]) and a.source <> 'offline'
            and a.code not in (${SERVER_FAULT_CODES.deviceOffline}, ${SERVER_FAULT_CODES.plantNoOutput})
            and a.occurred_at < ${day.hi}::timestamptz
            and (a.recovered_at is null or a.recovered_at > ${day.lo}::timestamptz)
          order by a.occurred_at, a.id`,
    ),
  ]);

  const devicesOf = new Map<number, DeviceRow[]>();
  for (const d of devices) devicesOf.set(d.plant_id, [...(devicesOf.get(d.plant_id) ?? []), d]);
  const slotsOf = new Map<number, Map<number, SlotRow>>();
  for (const r of slotRows) {
    let m = slotsOf.get(r.device_id);
    if (!m) slotsOf.set(r.device_id, (m = new Map()));
    m.set(r.slot_ms, r);
  }
  const coveringAlarm = (code: number, plantId: number, deviceId: number | null, from: number, to: number) =>
    alarms.find(
      (a) =>
        a.code === code &&
        a.plant_id === plantId &&
        (deviceId === null || a.device_id === deviceId) &&
        a.occurred_ms <= to &&
        (a.recovered_ms === null || a.recovered_ms >= from),
    )?.id ?? null;

  const rows: AbnormalRow[] = [];
  const base = (p: PlantRow) => ({ plantId: p.id, plantName: p.name, timeZone: p.time_zone });
  const iso = (ms: number) => new Date(ms).toISOString();

  for (const p of judged) {
    if (p.build_date > q.date) continue;
    const mine = devicesOf.get(p.id) ?? [];
    const inverters = mine.filter((d) => d.kind !== 'weatherStation');
    const stations = mine.filter((d) => d.kind === 'weatherStation');
    if (inverters.length === 0) continue;
    const { slots, daylight, clearSkyWm2 } = daySlots(p, q.date, nowMs);

    // A fault still unrecovered when the day ended (or now, for today) needs a look, whatever the sky did.
    // (A day with no slot over yet has no end to judge at: every fault then occurred after it.)
    const dayEnd = slots.length > 0 ? slots.at(-1)! + SLOT_MS : -Infinity;
    for (const a of faults) {
      if (a.plant_id !== p.id || a.occurred_ms >= dayEnd) continue;
      if (a.recovered_ms !== null && a.recovered_ms < dayEnd) continue;
      rows.push({
        kind: 'unrecoveredFault',
        ...base(p),
        deviceId: a.device_id,
        deviceSerial: a.serial,
        alarmId: a.id,
        from: iso(a.occurred_ms),
        to: iso(dayEnd),
        hours: round((dayEnd - a.occurred_ms) / 3_600_000, 2),
        irradianceSource: null,
        specificYield: null,
        referenceYield: null,
        basis: null,
      });
    }

    for (const inv of inverters) {
      const seen = slotsOf.get(inv.id);
      const run = longestRun(slots, (i) => daylight[i]! && !seen?.has(slots[i]!));
      if (!run || run.n * SLOT_MS < ABNORMAL_RULES.offlineMs) continue;
      const from = slots[run.start]!;
      const to = from + run.n * SLOT_MS;
      rows.push({
        kind: 'offline',
        ...base(p),
        deviceId: inv.id,
        deviceSerial: inv.serial,
        alarmId: coveringAlarm(SERVER_FAULT_CODES.deviceOffline, p.id, inv.id, from, to),
        from: iso(from),
        to: iso(to),
        hours: round((run.n * SLOT_MS) / 3_600_000, 2),
        irradianceSource: null,
        specificYield: null,
        referenceYield: null,
        basis: null,
      });
    }

    // Per slot: the plant's power from the inverters that reported, the irradiance measured or modelled.
    const measured = slots.map((t) => {
      const values = stations.flatMap((s) => {
        const v = slotsOf.get(s.id)?.get(t)?.irradiance;
        return v === null || v === undefined ? [] : [v];
      });
      return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
    });
    const nothing = (i: number) => {
      const t = slots[i]!;
      const irradiance = measured[i] ?? clearSkyWm2[i]!;
      if (!daylight[i] || irradiance < ABNORMAL_RULES.noOutputIrradianceWm2) return false;
      let reporting = 0;
      let powerW = 0;
      for (const inv of inverters) {
        const r = slotsOf.get(inv.id)?.get(t);
        if (!r) continue;
        reporting++;
        powerW += Math.max(0, r.power_w ?? 0);
      }
      // A silent plant is offline, not producing nothing.
      return reporting > 0 && powerW <= ABNORMAL_RULES.noOutputShare * p.capacity_w;
    };
    const dark = longestRun(slots, nothing);
    if (dark && dark.n * SLOT_MS >= ABNORMAL_RULES.noOutputMs) {
      const from = slots[dark.start]!;
      const to = from + dark.n * SLOT_MS;
      const sensor = measured.slice(dark.start, dark.start + dark.n).some((v) => v !== null);
      rows.push({
        kind: 'noOutput',
        ...base(p),
        deviceId: inverters[0]!.id,
        deviceSerial: inverters[0]!.serial,
        alarmId: coveringAlarm(SERVER_FAULT_CODES.plantNoOutput, p.id, null, from, to),
        from: iso(from),
        to: iso(to),
        hours: round((dark.n * SLOT_MS) / 3_600_000, 2),
        irradianceSource: sensor ? 'sensor' : 'clearSky',
        specificYield: null,
        referenceYield: null,
        basis: null,
      });
    }
  }

  // Underperformance: plants that existed the whole window, compared by specific yield.
  const energyOf = new Map(energyRows.map((r) => [r.plant_id, r.energy_kwh]));
  const comparable = scope.filter((p) => p.build_date <= windowFrom && p.capacity_w > 0);
  const yieldOf = new Map(comparable.map((p) => [p.id, (energyOf.get(p.id) ?? 0) / (p.capacity_w / 1000)]));
  const deviceEnergy = new Map(deviceEnergyRows.map((r) => [r.device_id, r.energy_kwh]));
  const poaOf = new Map(poaRows.map((r) => [r.plant_id, r.poa_kwh_m2]));
  for (const p of judged) {
    const sy = yieldOf.get(p.id);
    if (sy === undefined) continue;
    const peers = comparable.filter((o) => o.id !== p.id && distanceKm(p, o) <= ABNORMAL_RULES.peerRadiusKm);
    const peerMedian =
      peers.length >= ABNORMAL_RULES.minPeers ? median(peers.map((o) => yieldOf.get(o.id)!)) : 0;
    const poa = poaOf.get(p.id);
    const expected = poa === undefined ? 0 : poa * ABNORMAL_RULES.expectedPr;
    const basis =
      peerMedian > 0 && sy <= ABNORMAL_RULES.underperformShare * peerMedian
        ? ('peers' as const)
        : expected > 0 && sy <= ABNORMAL_RULES.underperformShare * expected
          ? ('expected' as const)
          : null;
    if (!basis) continue;
    // The link goes to the inverter yielding least for its rating: where a look starts.
    const inverters = (devicesOf.get(p.id) ?? []).filter((d) => d.kind !== 'weatherStation');
    const weakest = inverters
      .map((d) => ({ d, y: (deviceEnergy.get(d.id) ?? 0) / Math.max(d.rated_power_w, 1) }))
      .sort((a, b) => a.y - b.y)[0]?.d;
    rows.push({
      kind: 'underperforming',
      ...base(p),
      deviceId: weakest?.id ?? null,
      deviceSerial: weakest?.serial ?? null,
      alarmId: null,
      from: windowFrom,
      to: q.date,
      hours: null,
      irradianceSource: null,
      specificYield: round(sy, 3),
      referenceYield: round(basis === 'peers' ? peerMedian : expected, 3),
      basis,
    });
  }

  const filtered = q.kind === undefined ? rows : rows.filter((r) => r.kind === q.kind);
  const count = (k: AbnormalRow['kind']) => rows.filter((r) => r.kind === k).length;
  return {
    date: q.date,
    windowFrom,
    plantCount: judged.length,
    counts: {
      offline: count('offline'),
      noOutput: count('noOutput'),
      underperforming: count('underperforming'),
      unrecoveredFault: count('unrecoveredFault'),
    },
    rows: filtered.sort(
      (a, b) =>
        a.plantName.localeCompare(b.plantName) ||
        a.kind.localeCompare(b.kind) ||
        a.from.localeCompare(b.from),
    ),
  };
}
