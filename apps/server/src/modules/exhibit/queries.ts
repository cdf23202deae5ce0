import { sql } from 'drizzle-orm';
import {
  CARD_STATUSES,
  co2AvoidedKg,
  co2EquivalentsOf,
  EXHIBIT_LIMITS,
  type AlarmRow,
  type CardStatus,
  type PlantRow,
  type WallAlarm,
  type WallEquipment,
  type WallOperation,
  type WallOverview,
  type WallSlaState,
  type WallStation,
  type WallWorkOrder,
  type WorkOrderRow,
} from '@solarops/contracts';
import { loadCo2Factors } from '../system/consoleSettings.ts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { Lang } from '../../i18n/messages.ts';
import { listAlarms } from '../alarms/queries.ts';
import { openWorkOrders } from '../workOrders/queries.ts';
import { SLA_THRESHOLDS } from '../workOrders/slaWarnings.ts';
import { plantFigureRows } from '../plants/fleetFigures.ts';
import { fleetMap } from '../plants/fleetMap.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { statsOf, statusExpr, todayJoin } from '../plants/queries.ts';

// The walls read the devices' latest state on every call (not the plant list's 5-second live figures, nor the
// dashboard's 15-second cache): a wall refetches when its push says a reading arrived, and must then show it.

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const scopedPlantIds = (caller: Caller) => sql`select pl.id from plants pl where ${plantScope(caller)}`;

/** The newest reading of the caller's plants, and now: what every wall answer is stamped with. */
async function stamp(db: Database, caller: Caller): Promise<{ asOf: string | null; generatedAt: string }> {
  const [row] = await rowsOf<{ as_of: string | null }>(
    db,
    sql`select max(l.ts) as as_of from device_latest l where l.plant_id in (${scopedPlantIds(caller)})`,
  );
  return {
    asOf: row?.as_of ? new Date(row.as_of).toISOString() : null,
    generatedAt: new Date().toISOString(),
  };
}

const wallAlarmOf = (a: AlarmRow): WallAlarm => ({
  alarmId: a.alarmId,
  level: a.level,
  code: a.code,
  plantName: a.plantName,
  serial: a.deviceSn || a.deviceId || null,
  message: a.description,
  occurredAt: a.warningTime,
});

/** The newest open alarms of the caller's plants. */
async function openAlarms(db: Database, caller: Caller, lang: Lang): Promise<WallAlarm[]> {
  const { rows } = await listAlarms(db, caller, { status: 0 }, lang, {
    limit: EXHIBIT_LIMITS.wallAlarms,
    offset: 0,
  });
  return rows.map(wallAlarmOf);
}

/**
 * The overview wall: fleet totals now, energy of each plant's own day, month and year added up, CO₂ avoided with
 * its factor, devices online (from the map, as on the dashboard), the ranking by equivalent hours, open alarms.
 */
export async function wallOverview(db: Database, caller: Caller, lang: Lang): Promise<WallOverview> {
  const [plants, map, alarms, when, co2] = await Promise.all([
    plantFigureRows(db, caller),
    fleetMap(db, caller),
    openAlarms(db, caller, lang),
    stamp(db, caller),
    loadCo2Factors(db),
  ]);
  const sum = (f: (p: (typeof plants)[number]) => number) => plants.reduce((a, p) => a + Number(f(p)), 0);
  const total = sum((p) => p.total_kwh);
  const co2Kg = co2AvoidedKg(
    co2,
    plants.map((p) => ({ timeZone: p.time_zone, energyKwh: Number(p.total_kwh) })),
  );
  const equivalents = co2EquivalentsOf(total, co2Kg);
  const ranking = plants
    .filter((p) => Number(p.capacity_w) > 0)
    .map((p) => ({
      id: p.id,
      name: p.name,
      capacityKw: round(Number(p.capacity_w) / 1000),
      energyTodayKwh: round(Number(p.today_kwh)),
      equivalentHours: round(Number(p.today_kwh) / (Number(p.capacity_w) / 1000), 2),
    }))
    .sort((a, b) => b.equivalentHours - a.equivalentHours || a.id - b.id)
    .slice(0, EXHIBIT_LIMITS.rankedPlants);
  return {
    ...when,
    plants: plants.length,
    capacityKw: round(sum((p) => p.capacity_w) / 1000),
    powerW: round(
      sum((p) => p.power_w),
      1,
    ),
    energyTodayKwh: round(sum((p) => p.today_kwh)),
    energyMonthKwh: round(sum((p) => p.month_kwh)),
    energyYearKwh: round(sum((p) => p.year_kwh)),
    energyTotalKwh: round(total),
    co2AvoidedKg: round(co2Kg, 1),
    // The factor the fleet's CO₂ amounts to (each plant counts at its own country's factor).
    co2KgPerKwh: total > 0 ? Math.round((co2Kg / total) * 10_000) / 10_000 : co2.default.kgPerKwh,
    co2Equivalents: { coalKg: round(equivalents.coalKg, 1), trees: round(equivalents.trees, 1) },
    devices: map.plants.reduce((a, p) => a + p.devices, 0),
    devicesOnline: map.plants.reduce((a, p) => a + p.devicesOnline, 0),
    ranking,
    alarms,
    map,
  };
}

/** The station wall: the caller's most powerful plants, each with its figures now, for the wall to rotate. */
export async function wallStation(db: Database, caller: Caller): Promise<WallStation> {
  const [plants, when] = await Promise.all([
    rowsOf<{
      id: number;
      name: string;
      time_zone: string;
      status: PlantRow['status'];
      power_w: number;
      capacity_w: number;
      today_kwh: number;
      total_kwh: number;
      devices: number;
      online: number;
      open_alarms: number;
    }>(
      db,
      sql`select pl.id, pl.name, pl.time_zone, ${statusExpr} as status, coalesce(s.power_w, 0)::float8 as power_w,
          pl.capacity_w, coalesce(e.energy_kwh, 0)::float8 as today_kwh,
          coalesce(s.energy_total_kwh, 0)::float8 as total_kwh, coalesce(s.device_count, 0)::int as devices,
          coalesce(s.online_count, 0)::int as online,
          (select count(*) from alarms a where a.plant_id = pl.id and a.recovered_at is null)::int as open_alarms
        from plants pl left join (${statsOf(scopedPlantIds(caller))}) s on s.plant_id = pl.id ${todayJoin}
        where ${plantScope(caller)}
        order by coalesce(s.power_w, 0) desc, pl.id limit ${EXHIBIT_LIMITS.stationPlants}`,
    ),
    stamp(db, caller),
  ]);
  return {
    ...when,
    plants: plants.map((p) => ({
      id: p.id,
      name: p.name,
      timeZone: p.time_zone,
      status: p.status,
      powerW: round(Number(p.power_w), 1),
      capacityKw: round(Number(p.capacity_w) / 1000),
      energyTodayKwh: round(Number(p.today_kwh)),
      energyTotalKwh: round(Number(p.total_kwh)),
      devices: p.devices,
      devicesOnline: p.online,
      openAlarms: p.open_alarms,
    })),
  };
}

/** The equipment wall: devices by state, model and firmware; collectors online and by network; their cards. */
export async function wallEquipment(db: Database, caller: Caller): Promise<WallEquipment> {
  const plantIds = scopedPlantIds(caller);
  const [models, firmware, collectors, networks, cards, when] = await Promise.all([
    rowsOf<{
      kind: WallEquipment['models'][number]['kind'];
      model: string;
      devices: number;
      online: number;
      fault: number;
    }>(
      db,
      sql`select d.kind, d.model, count(*)::int as devices, (count(*) filter (where d.online))::int as online,
          (count(*) filter (where d.online and l.status = 3))::int as fault
        from devices d left join device_latest l on l.device_id = d.id
        where d.plant_id in (${plantIds}) group by d.kind, d.model order by count(*) desc, d.kind, d.model`,
    ),
    rowsOf<{ model: string; version: string; devices: number }>(
      db,
      sql`select d.model, d.arm_version as version, count(*)::int as devices from devices d
        where d.plant_id in (${plantIds}) and d.arm_version <> ''
        group by d.model, d.arm_version order by count(*) desc, d.model, d.arm_version limit 12`,
    ),
    rowsOf<{ total: number; online: number }>(
      db,
      sql`select count(*)::int as total, (count(*) filter (where c.online))::int as online
        from collectors c where c.plant_id in (${plantIds})`,
    ),
    rowsOf<{ network: string; collectors: number }>(
      db,
      sql`select c.network, count(*)::int as collectors from collectors c where c.plant_id in (${plantIds})
        group by c.network order by c.network`,
    ),
    rowsOf<{ status: CardStatus; cards: number; expiring: number }>(
      db,
      sql`select sc.status, count(*)::int as cards,
          (count(*) filter (where sc.status in ('normal', 'testing')
            and sc.expires_on between current_date and current_date + ${EXHIBIT_LIMITS.cardExpiryDays}::int))::int as expiring
        from sim_cards sc join collectors c on c.id = sc.collector_id
        where c.plant_id in (${plantIds}) group by sc.status`,
    ),
    stamp(db, caller),
  ]);
  const add = (f: (m: (typeof models)[number]) => number) => models.reduce((a, m) => a + f(m), 0);
  const byStatus = Object.fromEntries(CARD_STATUSES.map((s) => [s, 0])) as Record<CardStatus, number>;
  for (const c of cards) byStatus[c.status] = c.cards;
  return {
    ...when,
    states: {
      online: add((m) => m.online - m.fault),
      fault: add((m) => m.fault),
      offline: add((m) => m.devices - m.online),
    },
    models: models.map(({ kind, model, devices, online }) => ({ kind, model, devices, online })),
    firmware,
    collectors: { total: collectors[0]?.total ?? 0, online: collectors[0]?.online ?? 0, networks },
    cards: {
      total: cards.reduce((a, c) => a + c.cards, 0),
      byStatus,
      expiring: cards.reduce((a, c) => a + c.expiring, 0),
    },
  };
}

const [WARN_PERCENT, BREACH_PERCENT] = SLA_THRESHOLDS;
/** The SLA state of an order: the thresholds at which its assignee is warned (80 %) and it is overdue (100 %). */
const slaStateOf = (percent: number): WallSlaState =>
  percent >= BREACH_PERCENT ? 'breached' : percent >= WARN_PERCENT ? 'warned' : 'onTime';

/** The operation wall's work orders: the open ones by state and SLA state, and those nearest their deadline. */
function workOrderFigures(orders: WorkOrderRow[]): WallOperation['workOrders'] {
  const byState = { new: 0, assigned: 0, inProgress: 0, onHold: 0, resolved: 0, pendingApproval: 0 };
  const bySla = { onTime: 0, warned: 0, breached: 0 };
  const listed: WallWorkOrder[] = orders.map((o) => {
    if (o.state in byState) byState[o.state as keyof typeof byState] += 1;
    const slaState = slaStateOf(o.sla.percent);
    bySla[slaState] += 1;
    return {
      id: o.id,
      plantName: o.plantName,
      description: o.description,
      level: o.level,
      priority: o.priority,
      state: o.state,
      assigneeName: o.assigneeName,
      slaState,
      slaPercent: o.sla.percent,
      minutesLeft: o.sla.targetMinutes - o.sla.elapsedMinutes,
      businessHours: o.sla.businessHours,
      paused: o.sla.paused,
    };
  });
  return {
    open: orders.length,
    byState,
    bySla,
    nearest: listed
      .sort((a, b) => a.minutesLeft - b.minutesLeft || a.id - b.id)
      .slice(0, EXHIBIT_LIMITS.wallWorkOrders),
  };
}

/**
 * The operation wall: open alarms by level, the last day's flow, the oldest open alarm and the newest ones; the
 * open work orders by state and SLA state, and those nearest their deadline.
 */
export async function wallOperation(db: Database, caller: Caller, lang: Lang): Promise<WallOperation> {
  const [counts, alarms, orders, when] = await Promise.all([
    rowsOf<{
      l1: number;
      l2: number;
      l3: number;
      raised: number;
      recovered: number;
      oldest: string | null;
    }>(
      db,
      sql`select (count(*) filter (where a.recovered_at is null and a.level = 1))::int as l1,
          (count(*) filter (where a.recovered_at is null and a.level = 2))::int as l2,
          (count(*) filter (where a.recovered_at is null and a.level = 3))::int as l3,
          (count(*) filter (where a.occurred_at >= now() - interval '24 hours'))::int as raised,
          (count(*) filter (where a.recovered_at >= now() - interval '24 hours'))::int as recovered,
          min(a.occurred_at) filter (where a.recovered_at is null) as oldest
        from alarms a where a.plant_id in (${scopedPlantIds(caller)})
          and (a.recovered_at is null or a.recovered_at >= now() - interval '24 hours'
            or a.occurred_at >= now() - interval '24 hours')`,
    ),
    openAlarms(db, caller, lang),
    openWorkOrders(db, caller, lang),
    stamp(db, caller),
  ]);
  const c = counts[0];
  return {
    ...when,
    openByLevel: { 1: c?.l1 ?? 0, 2: c?.l2 ?? 0, 3: c?.l3 ?? 0 },
    raised24h: c?.raised ?? 0,
    recovered24h: c?.recovered ?? 0,
    oldestOpenAt: c?.oldest ? new Date(c.oldest).toISOString() : null,
    alarms,
    workOrders: workOrderFigures(orders),
  };
}
