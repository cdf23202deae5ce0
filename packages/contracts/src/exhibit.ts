import { z } from 'zod';
import { DEVICE_KINDS } from './device.ts';
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
  linkNameMax: 40,
} as const;

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
});
export type WallEquipment = z.infer<typeof wallEquipment>;

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
});
export type WallOperation = z.infer<typeof wallOperation>;

/**
 * A display link (kiosk mode): a read-only, revocable token that opens the wall screens over one account's plants
 * without anyone signing in. It does not expire; only revoking ends it.
 */
export const displayLink = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The account whose plants the link shows. */
  userCode: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  lastSeenIp: z.string().nullable(),
});
export type DisplayLink = z.infer<typeof displayLink>;

export const createDisplayLinkBody = z.object({
  name: z.string().trim().min(1).max(EXHIBIT_LIMITS.linkNameMax),
  userCode: z.string().trim().min(1).max(64),
});
export type CreateDisplayLinkBody = z.infer<typeof createDisplayLinkBody>;

/** The created link with its token, shown once: only its hash is kept. */
export const createdDisplayLink = displayLink.extend({ token: z.string() });
export type CreatedDisplayLink = z.infer<typeof createdDisplayLink>;
