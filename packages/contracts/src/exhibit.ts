import { z } from 'zod';
import type { CardStatus } from './cards.ts';
import { DEVICE_KINDS } from './device.ts';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_STATES, type WorkOrderState } from './workOrders.ts';
import { fleetMap, plantStatus } from './plants.ts';

/** The display-wall screens (spec §2's `exhibit` group); each is its own route name and permission. */
export const EXHIBIT_SCREENS = ['overview', 'station', 'equipment', 'operation'] as const;
export type ExhibitScreen = (typeof EXHIBIT_SCREENS)[number];

export const EXHIBIT_LIMITS = {
  /** Plants ranked by equivalent hours on the overview. */
  rankedPlants: 10,
  /** Alarms in the overview's ticker and the operation screen's list. */
  wallAlarms: 20,
  /** Plants the station screen rotates through (the most powerful first). */
  stationPlants: 50,
  /** Open work orders the operation wall lists, those nearest their SLA deadline first. */
  wallWorkOrders: 10,
  /** Cards expiring within this many days are counted apart on the equipment wall (the first expiry warning). */
  cardExpiryDays: 30,
  linkNameMax: 40,
} as const;

/**
 * How long a new display link lives [days], the choices offered when it is made. A link that never expires would
 * show an account's figures to whoever kept its address for as long as nobody remembers to revoke it.
 */
export const DISPLAY_LINK_LIFETIMES_DAYS = [1, 7, 30, 365] as const;
/** The lifetime a new link gets unless the administrator picks another [days]. */
export const DISPLAY_LINK_DEFAULT_DAYS = 30;

/** An alarm as a wall shows it: no actions, just what and where. */
export const wallAlarm = z.object({
  alarmId: z.number().int(),
  level: z.number().int(),
  code: z.number().int(),
  plantName: z.string(),
  /** The device or collector serial, null for a plant-wide alarm. */
  serial: z.string().nullable(),
  message: z.string(),
  occurredAt: z.string(),
});
export type WallAlarm = z.infer<typeof wallAlarm>;

/**
 * What every wall answer carries: `asOf` is the newest reading of the screen's plants (null before the first), so
 * that a wall says how old its data is; `generatedAt` is when the server computed the answer.
 */
const wallStamp = { asOf: z.string().nullable(), generatedAt: z.string() };

/** `GET /exhibit/overview`: the fleet on one screen. */
export const wallOverview = z.object({
  ...wallStamp,
  plants: z.number().int(),
  capacityKw: z.number(),
  /** Power of the reporting inverters now [W]. */
  powerW: z.number(),
  energyTodayKwh: z.number(),
  energyMonthKwh: z.number(),
  energyYearKwh: z.number(),
  energyTotalKwh: z.number(),
  co2AvoidedKg: z.number(),
  /** The factor the CO₂ figure is computed with [kg/kWh], shown beside it. */
  co2KgPerKwh: z.number(),
  /** What the avoided CO₂ amounts to, as the reports show it (`co2EquivalentsOf`): standard coal [kg], trees. */
  co2Equivalents: z.object({ coalKg: z.number(), trees: z.number() }),
  devices: z.number().int(),
  devicesOnline: z.number().int(),
  /** Plants by today's equivalent (full-load) hours: energy today ÷ installed capacity [h]. */
  ranking: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      capacityKw: z.number(),
      energyTodayKwh: z.number(),
      equivalentHours: z.number(),
    }),
  ),
  /** Open alarms, newest first. */
  alarms: z.array(wallAlarm),
  map: fleetMap,
});
export type WallOverview = z.infer<typeof wallOverview>;

/** `GET /exhibit/station`: the plants a station wall rotates through, the most powerful first. */
export const wallStation = z.object({
  ...wallStamp,
  plants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      timeZone: z.string(),
      status: plantStatus,
      powerW: z.number(),
      capacityKw: z.number(),
      energyTodayKwh: z.number(),
      energyTotalKwh: z.number(),
      devices: z.number().int(),
      devicesOnline: z.number().int(),
      openAlarms: z.number().int(),
    }),
  ),
});
export type WallStation = z.infer<typeof wallStation>;

/** `GET /exhibit/equipment`: devices by state, by model and by firmware. */
export const wallEquipment = z.object({
  ...wallStamp,
  /** Devices reporting, reporting a fault, and not reporting. */
  states: z.object({ online: z.number().int(), fault: z.number().int(), offline: z.number().int() }),
  models: z.array(
    z.object({
      kind: z.enum(DEVICE_KINDS),
      model: z.string(),
      devices: z.number().int(),
      online: z.number().int(),
    }),
  ),
  /** ARM firmware versions of the devices, the most common first. */
  firmware: z.array(z.object({ model: z.string(), version: z.string(), devices: z.number().int() })),
  collectors: z.object({
    total: z.number().int(),
    online: z.number().int(),
    /** Collectors by their network (2G collectors are to be replaced: spec §1's notice). */
    networks: z.array(z.object({ network: z.string(), collectors: z.number().int() })),
  }),
  /**
   * The internet (SIM) cards in the collectors of the wall's plants by their status (cards in stock belong to no
   * plant and are left out); `expiring`: running or testing cards whose service ends within
   * `EXHIBIT_LIMITS.cardExpiryDays` days (the first expiry warning).
   */
  cards: z.object({
    total: z.number().int(),
    byStatus: z.object({
      toBeActivated: z.number().int(),
      testing: z.number().int(),
      normal: z.number().int(),
      shutDown: z.number().int(),
    } satisfies Record<CardStatus, z.ZodNumber>),
    expiring: z.number().int(),
  }),
});
export type WallEquipment = z.infer<typeof wallEquipment>;

/** Where an open order's resolution clock stands: under 80 % of its target, past 80 % (warned), past 100 %. */
export const WALL_SLA_STATES = ['onTime', 'warned', 'breached'] as const;
export type WallSlaState = (typeof WALL_SLA_STATES)[number];

/** An open work order as the operation wall lists it. */
export const wallWorkOrder = z.object({
  id: z.number().int(),
  plantName: z.string(),
  /** The alarm the order is about, in the wall's language. */
  description: z.string(),
  level: z.number().int(),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  state: z.enum(WORK_ORDER_STATES),
  assigneeName: z.string().nullable(),
  slaState: z.enum(WALL_SLA_STATES),
  slaPercent: z.number().int(),
  /** Counted minutes left until the SLA target (negative once breached; business minutes when it counts those). */
  minutesLeft: z.number().int(),
  businessHours: z.boolean(),
  /** The clock stands still (on hold, or resolved and waiting). */
  paused: z.boolean(),
});
export type WallWorkOrder = z.infer<typeof wallWorkOrder>;

/** The open (not closed nor cancelled) states, as the operation wall counts them. */
const openStateCounts = {
  new: z.number().int(),
  assigned: z.number().int(),
  inProgress: z.number().int(),
  onHold: z.number().int(),
  resolved: z.number().int(),
  pendingApproval: z.number().int(),
} satisfies Partial<Record<WorkOrderState, z.ZodNumber>>;

/** `GET /exhibit/operation`: what needs people now. */
export const wallOperation = z.object({
  ...wallStamp,
  /** Open alarms by level (1 alerting, 2 warning, 3 fault). */
  openByLevel: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int() }),
  /** Alarms raised and recovered in the last 24 hours. */
  raised24h: z.number().int(),
  recovered24h: z.number().int(),
  /** When the oldest open alarm occurred; null when none is open. */
  oldestOpenAt: z.string().nullable(),
  /** Open alarms, the most severe and then the newest first. */
  alarms: z.array(wallAlarm),
  /** The open work orders of the wall's plants: by state, by SLA state, and those nearest their deadline. */
  workOrders: z.object({
    open: z.number().int(),
    byState: z.object(openStateCounts),
    bySla: z.object({ onTime: z.number().int(), warned: z.number().int(), breached: z.number().int() }),
    nearest: z.array(wallWorkOrder),
  }),
});
export type WallOperation = z.infer<typeof wallOperation>;

/**
 * A display link (kiosk mode): a read-only, revocable token that opens the wall screens over one account's plants
 * without anyone signing in, until it expires or is revoked.
 */
export const displayLink = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The account whose plants the link shows. */
  userCode: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** From this time on the wall is refused, as after revoking. */
  expiresAt: z.string(),
  lastSeenAt: z.string().nullable(),
  lastSeenIp: z.string().nullable(),
});
export type DisplayLink = z.infer<typeof displayLink>;

export const createDisplayLinkBody = z.object({
  name: z.string().trim().min(1).max(EXHIBIT_LIMITS.linkNameMax),
  userCode: z.string().trim().min(1).max(64),
  /** The link expires this many days after it is made: one of `DISPLAY_LINK_LIFETIMES_DAYS`. */
  expiresInDays: z.literal(DISPLAY_LINK_LIFETIMES_DAYS),
});
export type CreateDisplayLinkBody = z.infer<typeof createDisplayLinkBody>;

/** The created link with its token, shown once: only its hash is kept. */
export const createdDisplayLink = displayLink.extend({ token: z.string() });
export type CreatedDisplayLink = z.infer<typeof createdDisplayLink>;
