/**
 * Demo fleet generator: plants, collectors and devices as plain data, deterministic by seed. The server
 * seeds its database from this and the simulator runs the same fleet.
 *
 * Serial numbers: a three-letter kind prefix and nine digits, `PPP YY WW NNNNN`:
 * - `SOC` collector (datalogger), `SIN` string inverter, `SMI` micro inverter, `SHB` hybrid inverter,
 *   `SEM` energy meter, `SWS` weather station;
 * - `YY` production year (two digits), `WW` production week (01..52), `NNNNN` sequence within the fleet.
 * Example: `SOC230712345`, `SIN241800042`. The prefix tells the device kind without a lookup and the
 * year/week support the warranty and firmware screens.
 *
 * Firmware versions are `V<major>.<minor>.<patch>` for the ARM (communication) and DSP (power) boards.
 */
import type {
  DeviceDescription,
  HybridInverterDescription,
  ModuleStc,
  PlantDescription,
  PlantType,
} from './plantDescription.ts';
import { LIMITS } from '@solarops/contracts';
import { plantWeather } from './plantWeather.ts';
import { hashString, mulberry32 } from './random.ts';
import type { Rng } from './random.ts';

/** A collector (datalogger) that connects a plant's devices to the server. */
export interface DemoCollector {
  serial: string;
  plantId: string;
  model: string;
  /** Cellular generation, for the 2G shutdown notice. */
  network: '2G' | '4G' | 'WiFi';
  firmwareVersion: string;
}

/** A demo plant: the physics description plus what the console shows. */
export interface DemoPlant extends PlantDescription {
  name: string;
  ownerName: string;
  address: string;
  country: string;
  /** Electricity price in the smallest currency unit per kWh [minor unit/kWh]. */
  priceMinorPerKwh: number;
  /** ISO 4217 currency code. */
  currency: string;
  /** Commissioning date, 'YYYY-MM-DD'. */
  buildDate: string;
}

/** The generated fleet. */
export interface DemoFleet {
  seed: number;
  plants: DemoPlant[];
  collectors: DemoCollector[];
  /** All devices, flattened, each with its plant id and AC rating (0 for meters and stations) [W]. */
  devices: (DeviceDescription & { plantId: string; ratedPowerW: number })[];
}

/** Options of {@link generateDemoFleet}. */
export interface DemoFleetOptions {
  /** Seed [unitless]. Default 20240601. */
  seed?: number;
  /** Number of plants. Default 30. */
  plants?: number;
  /** Number of collectors (at least one per plant). Default 2 per plant. */
  collectors?: number;
  /** Number of devices (at least two per plant: an inverter and a meter). Default 5 per plant. */
  devices?: number;
  /**
   * Places the plants where the sun is up at this instant [ms]: each plant, in order, at the known site (the demo's
   * and the Pacific ones) where its own modelled plane-of-array irradiance stays highest over the next hour, each
   * site once while any is left. What each plant is built of (type, devices, serials) stays as at its demo site.
   * For a test fleet that must work in daylight whatever the hour; absent: the demo's sites in order.
   */
  daylightAt?: number;
}

interface Site {
  city: string;
  region: string;
  country: string;
  latitude: number;
  longitude: number;
  altitude: number;
  timeZone: string;
  grid: { voltageV: number; frequencyHz: number };
  currency: string;
  priceMinorPerKwh: number;
  /**
   * The site's share of clear days (plantDescription.ts), set so that its plants give what real plants there give
   * a year: Hangzhou's hazy, monsoon-wet sky about 1 100 kWh/kWp, Leipzig's 1 030, Pretoria's 1 700
   * (demoYields.test.ts names the source and holds each plant to ±10 %).
   */
  clearBias: number;
  streets: string[];
  owners: string[];
}

const CN = { grid: { voltageV: 230, frequencyHz: 50 }, currency: 'CNY', priceMinorPerKwh: 56 };
const SITES: Site[] = [
  {
    city: 'Hangzhou',
    region: 'Zhejiang',
    country: 'CN',
    latitude: 30.27,
    longitude: 120.15,
    altitude: 20,
    timeZone: 'Asia/Shanghai',
    ...CN,
    clearBias: -0.42,
    streets: ['Wensan Road', 'Binjiang Avenue', 'Jiangnan Road'],
    owners: ['Zhang Wei', 'Li Na', 'Hangzhou Tianyuan Textiles Co.'],
  },
  {
    city: 'Jinan',
    region: 'Shandong',
    country: 'CN',
    latitude: 36.65,
    longitude: 117.12,
    altitude: 50,
    timeZone: 'Asia/Shanghai',
    ...CN,
    clearBias: 0.12,
    streets: ['Jingshi Road', 'Lishan Road'],
    owners: ['Wang Fang', 'Shandong Luneng Logistics'],
  },
  {
    city: 'Linxia',
    region: 'Gansu',
    country: 'CN',
    latitude: 35.6,
    longitude: 103.21,
    altitude: 1900,
    timeZone: 'Asia/Shanghai',
    ...CN,
    clearBias: 0.5,
    streets: ['Hongyuan Village', 'Dongxiang Township'],
    owners: ['Linxia County Poverty Alleviation Office', 'Ma Jun'],
  },
  {
    city: 'Fuyang',
    region: 'Anhui',
    country: 'CN',
    latitude: 32.89,
    longitude: 115.81,
    altitude: 30,
    timeZone: 'Asia/Shanghai',
    ...CN,
    clearBias: -0.2,
    streets: ['Yingzhou Village', 'Funan Township'],
    owners: ['Fuyang Rural Energy Cooperative', 'Chen Jie'],
  },
  {
    city: 'Freiburg',
    region: 'Baden-Württemberg',
    country: 'DE',
    latitude: 47.99,
    longitude: 7.85,
    altitude: 280,
    timeZone: 'Europe/Berlin',
    grid: { voltageV: 230, frequencyHz: 50 },
    currency: 'EUR',
    priceMinorPerKwh: 35,
    clearBias: -0.06,
    streets: ['Vauban-Allee', 'Merzhauser Straße'],
    owners: ['Familie Becker', 'Solarhof Breisgau GmbH'],
  },
  {
    city: 'Leipzig',
    region: 'Sachsen',
    country: 'DE',
    latitude: 51.34,
    longitude: 12.37,
    altitude: 113,
    timeZone: 'Europe/Berlin',
    grid: { voltageV: 230, frequencyHz: 50 },
    currency: 'EUR',
    priceMinorPerKwh: 33,
    clearBias: -0.12,
    streets: ['Karl-Liebknecht-Straße', 'Prager Straße'],
    owners: ['Jonas Schmidt', 'Leipziger Logistik AG'],
  },
  {
    city: 'Raleigh',
    region: 'North Carolina',
    country: 'US',
    latitude: 35.78,
    longitude: -78.64,
    altitude: 96,
    timeZone: 'America/New_York',
    grid: { voltageV: 240, frequencyHz: 60 },
    currency: 'USD',
    priceMinorPerKwh: 13,
    clearBias: 0.37,
    streets: ['Glenwood Avenue', 'Hillsborough Street'],
    owners: ['Emily Johnson', 'Triangle Cold Storage LLC'],
  },
  {
    city: 'Albany',
    region: 'New York',
    country: 'US',
    latitude: 42.65,
    longitude: -73.75,
    altitude: 45,
    timeZone: 'America/New_York',
    grid: { voltageV: 240, frequencyHz: 60 },
    currency: 'USD',
    priceMinorPerKwh: 22,
    clearBias: 0.22,
    streets: ['State Street', 'Western Avenue'],
    owners: ['Michael Brown', 'Capital Region Dairy Co-op'],
  },
  {
    city: 'Newcastle',
    region: 'New South Wales',
    country: 'AU',
    latitude: -32.93,
    longitude: 151.78,
    altitude: 20,
    timeZone: 'Australia/Sydney',
    grid: { voltageV: 230, frequencyHz: 50 },
    currency: 'AUD',
    priceMinorPerKwh: 32,
    clearBias: 0.75,
    streets: ['Hunter Street', 'Maitland Road'],
    owners: ['Olivia Wilson', 'Hunter Valley Wines Pty Ltd'],
  },
  {
    city: 'Wagga Wagga',
    region: 'New South Wales',
    country: 'AU',
    latitude: -35.12,
    longitude: 147.37,
    altitude: 180,
    timeZone: 'Australia/Sydney',
    grid: { voltageV: 230, frequencyHz: 50 },
    currency: 'AUD',
    priceMinorPerKwh: 30,
    clearBias: 1.54,
    streets: ['Baylis Street', 'Edward Street'],
    owners: ['Jack Thompson', 'Riverina Grain Storage'],
  },
  {
    city: 'Campinas',
    region: 'São Paulo',
    country: 'BR',
    latitude: -22.91,
    longitude: -47.06,
    altitude: 685,
    timeZone: 'America/Sao_Paulo',
    grid: { voltageV: 220, frequencyHz: 60 },
    currency: 'BRL',
    priceMinorPerKwh: 85,
    clearBias: 0.21,
    streets: ['Avenida Norte-Sul', 'Rua Barão de Jaguara'],
    owners: ['Ana Souza', 'Agropecuária Campinas Ltda'],
  },
  {
    city: 'Belo Horizonte',
    region: 'Minas Gerais',
    country: 'BR',
    latitude: -19.92,
    longitude: -43.94,
    altitude: 850,
    timeZone: 'America/Sao_Paulo',
    grid: { voltageV: 220, frequencyHz: 60 },
    currency: 'BRL',
    priceMinorPerKwh: 90,
    clearBias: 0.22,
    streets: ['Avenida Afonso Pena', 'Rua da Bahia'],
    owners: ['Lucas Oliveira', 'Mineração Serra Azul S.A.'],
  },
  {
    city: 'Pretoria',
    region: 'Gauteng',
    country: 'ZA',
    latitude: -25.75,
    longitude: 28.19,
    altitude: 1340,
    timeZone: 'Africa/Johannesburg',
    grid: { voltageV: 230, frequencyHz: 50 },
    currency: 'ZAR',
    priceMinorPerKwh: 320,
    clearBias: 0.76,
    streets: ['Church Street', 'Lynnwood Road'],
    owners: ['Thabo Nkosi', 'Highveld Packaging (Pty) Ltd'],
  },
  {
    city: 'Jaipur',
    region: 'Rajasthan',
    country: 'IN',
    latitude: 26.91,
    longitude: 75.79,
    altitude: 430,
    timeZone: 'Asia/Kolkata',
    grid: { voltageV: 230, frequencyHz: 50 },
    currency: 'INR',
    priceMinorPerKwh: 750,
    clearBias: 1.07,
    streets: ['MI Road', 'Tonk Road'],
    owners: ['Priya Sharma', 'Rajasthan Handloom Exports'],
  },
  {
    city: 'Pune',
    region: 'Maharashtra',
    country: 'IN',
    latitude: 18.52,
    longitude: 73.86,
    altitude: 560,
    timeZone: 'Asia/Kolkata',
    grid: { voltageV: 230, frequencyHz: 50 },
    currency: 'INR',
    priceMinorPerKwh: 800,
    clearBias: 0.37,
    streets: ['FC Road', 'Baner Road'],
    owners: ['Rahul Patil', 'Deccan Auto Components Pvt Ltd'],
  },
];

/**
 * Sites no default fleet reaches (it cycles through SITES), kept for a fleet placed in daylight: from about 20:00 to
 * 02:00 UTC the sun is low or down at every demo site, and high over the Pacific's.
 */
const PACIFIC_SITES: Site[] = [
  {
    city: 'Phoenix',
    region: 'Arizona',
    country: 'US',
    latitude: 33.45,
    longitude: -112.07,
    altitude: 331,
    timeZone: 'America/Phoenix',
    grid: { voltageV: 240, frequencyHz: 60 },
    currency: 'USD',
    priceMinorPerKwh: 14,
    // Desert sky: clearer than Wagga Wagga's.
    clearBias: 2.2,
    streets: ['Camelback Road', 'Van Buren Street'],
    owners: ['Maria Garcia', 'Sonoran Cold Storage Inc.'],
  },
  {
    city: 'Honolulu',
    region: 'Hawaii',
    country: 'US',
    latitude: 21.31,
    longitude: -157.86,
    altitude: 10,
    timeZone: 'Pacific/Honolulu',
    grid: { voltageV: 240, frequencyHz: 60 },
    currency: 'USD',
    priceMinorPerKwh: 42,
    // Trade-wind clouds over the hills, a clear coast: about Pretoria's share of clear days.
    clearBias: 0.7,
    streets: ['Kapiolani Boulevard', 'King Street'],
    owners: ['Keoni Kahale', 'Oahu Produce Distributors LLC'],
  },
];

const MODULES: ModuleStc[] = [
  {
    model: 'SO-M410-108H',
    pmaxW: 410,
    vmpV: 31.4,
    impA: 13.06,
    vocV: 37.5,
    iscA: 13.9,
    gammaPmax: -0.0035,
    betaVoc: -0.0027,
    alphaIsc: 0.00048,
    cellsInSeries: 54,
  },
  {
    model: 'SO-M550-144H',
    pmaxW: 550,
    vmpV: 41.9,
    impA: 13.13,
    vocV: 49.9,
    iscA: 13.98,
    gammaPmax: -0.0034,
    betaVoc: -0.0026,
    alphaIsc: 0.00048,
    cellsInSeries: 72,
  },
  {
    model: 'SO-P340-72',
    pmaxW: 340,
    vmpV: 38.2,
    impA: 8.9,
    vocV: 46.4,
    iscA: 9.45,
    gammaPmax: -0.0039,
    betaVoc: -0.0031,
    alphaIsc: 0.0005,
    cellsInSeries: 72,
  },
];

const TYPE_WEIGHT: Record<PlantType, number> = {
  commercial: 8,
  povertyAlleviation: 5,
  energyStorage: 4,
  residential: 3,
};
const TYPE_LABEL: Record<PlantType, string> = {
  residential: 'Home PV',
  povertyAlleviation: 'Village PV',
  energyStorage: 'PV + Storage',
  commercial: 'Rooftop PV',
};

function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function intBetween(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

function version(rng: Rng, major: number): string {
  return `V${major}.${intBetween(rng, 0, 9)}.${String(intBetween(rng, 1, 40)).padStart(2, '0')}`;
}

/** Splits `total` over weights with the largest-remainder method, at least `min` each. */
function apportion(total: number, weights: number[], min: number): number[] {
  const spare = total - min * weights.length;
  if (spare < 0) throw new Error(`${total} is too few for ${weights.length} plants`);
  const sum = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (w / sum) * spare);
  const out = raw.map((r) => Math.floor(r));
  let left = spare - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, f: r - Math.floor(r) })).sort((a, b) => b.f - a.f);
  for (const { i } of order) {
    if (left-- <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
  }
  return out.map((n) => n + min);
}

function plantTypeFor(site: Site, rng: Rng, index: number): PlantType {
  // Poverty-alleviation programmes are Chinese village plants; every country gets the other three.
  const types: PlantType[] =
    site.country === 'CN'
      ? ['residential', 'povertyAlleviation', 'energyStorage', 'commercial']
      : ['residential', 'energyStorage', 'commercial'];
  return types[index % types.length] ?? pick(rng, types);
}

/**
 * Generates a demo fleet. Deterministic: the same options always give the same fleet.
 *
 * @param options - Seed and sizes (plants, collectors, devices)
 * @returns plants (with their devices), collectors and a flat device list
 */
export function generateDemoFleet(options: DemoFleetOptions = {}): DemoFleet {
  const demoSite = (i: number) => SITES[i % SITES.length]!;
  if (options.daylightAt === undefined) return buildFleet(options, demoSite);
  return buildFleet(options, sitesInDaylight(options, options.daylightAt));
}

/** How far ahead a fleet placed in daylight looks, and how often it samples the irradiance [ms]. */
const DAYLIGHT_SPAN_MS = 3_600_000;
const DAYLIGHT_SAMPLE_MS = 300_000;

/**
 * Each plant's site for {@link DemoFleetOptions.daylightAt}: the fleet is built once per known site (every plant
 * there, as it would be built: the same draws, so the same tilt and cloud seed), and each plant, in order, takes the
 * site still free where its lowest plane-of-array irradiance over the next hour is highest.
 */
function sitesInDaylight(options: DemoFleetOptions, atMs: number): (i: number) => Site {
  const sites = [...SITES, ...PACIFIC_SITES];
  const trials = sites.map((site) => buildFleet(options, () => site).plants);
  const lowest = (plant: DemoPlant) => {
    let low = Infinity;
    for (let t = atMs; t <= atMs + DAYLIGHT_SPAN_MS; t += DAYLIGHT_SAMPLE_MS)
      low = Math.min(low, plantWeather(plant, t).poaGlobal);
    return low;
  };
  const chosen: Site[] = [];
  let free = new Set(sites.keys());
  for (let i = 0; i < (trials[0]?.length ?? 0); i++) {
    if (free.size === 0) free = new Set(sites.keys());
    let best = -1;
    let bestLow = -Infinity;
    for (const s of free) {
      const low = lowest(trials[s]![i]!);
      if (low > bestLow) [best, bestLow] = [s, low];
    }
    free.delete(best);
    chosen.push(sites[best]!);
  }
  return (i) => chosen[i]!;
}

/**
 * The fleet with plant `i` at `siteOf(i)`. A plant's type follows its demo site's country (poverty alleviation is
 * Chinese), whatever site it is placed at: no draw depends on the site, so the devices stay the same.
 */
function buildFleet(options: DemoFleetOptions, siteOf: (i: number) => Site): DemoFleet {
  const seed = options.seed ?? 20240601;
  const placed = (cloudSeed: number, site: Site) =>
    options.daylightAt === undefined ? cloudSeed : hashString(`${cloudSeed}:${site.city}`) >>> 1;
  const plantCount = options.plants ?? 30;
  const collectorCount = options.collectors ?? plantCount * 2;
  const deviceCount = options.devices ?? plantCount * 5;
  const rng = mulberry32(seed);
  let sequence = 0;
  const serial = (prefix: string, year: number): string =>
    `${prefix}${String(year % 100).padStart(2, '0')}${String(intBetween(rng, 1, 52)).padStart(2, '0')}${String(++sequence).padStart(5, '0')}`;

  const drafts = Array.from({ length: plantCount }, (_, i) => ({
    site: siteOf(i),
    type: plantTypeFor(SITES[i % SITES.length]!, rng, Math.floor(i / SITES.length) + i),
  }));
  const devicesPerPlant = apportion(
    deviceCount,
    drafts.map((d) => TYPE_WEIGHT[d.type]),
    2,
  );
  const collectorsPerPlant = apportion(
    collectorCount,
    drafts.map((d) => TYPE_WEIGHT[d.type]),
    1,
  );

  const plants: DemoPlant[] = [];
  const collectors: DemoCollector[] = [];
  drafts.forEach(({ site, type }, i) => {
    const plantId = `plant-${String(i + 1).padStart(3, '0')}`;
    const buildYear = intBetween(rng, 2017, 2024);
    const buildDate = `${buildYear}-${String(intBetween(rng, 1, 12)).padStart(2, '0')}-${String(intBetween(rng, 1, 28)).padStart(2, '0')}`;
    const latitude = site.latitude + (rng() - 0.5) * 0.3;
    const longitude = site.longitude + (rng() - 0.5) * 0.3;
    // Equator-facing, tilt near 0.85 × latitude for roofs, within 10..35°; roofs deviate in azimuth.
    const roof = type !== 'povertyAlleviation';
    const surfaceTilt = Math.round(
      Math.min(Math.max(Math.abs(latitude) * 0.85, 10), 35) + (roof ? (rng() - 0.5) * 10 : 0),
    );
    const surfaceAzimuth =
      Math.round((latitude >= 0 ? 180 : 0) + (roof ? (rng() - 0.5) * 50 : 0) + 360) % 360;
    const myCollectors = Array.from({ length: collectorsPerPlant[i] ?? 1 }, () => {
      const c: DemoCollector = {
        serial: serial('SOC', buildYear),
        plantId,
        model: pick(rng, ['SO-DL4G', 'SO-DL4G', 'SO-DLWIFI', 'SO-DL2G']),
        network: '4G',
        firmwareVersion: version(rng, 2),
      };
      c.network = c.model === 'SO-DL2G' ? '2G' : c.model === 'SO-DLWIFI' ? 'WiFi' : '4G';
      return c;
    });
    collectors.push(...myCollectors);
    const collectorOf = (k: number): string => myCollectors[k % myCollectors.length]?.serial ?? '';
    const n = devicesPerPlant[i] ?? 2;
    const hasStation = (type === 'commercial' || type === 'povertyAlleviation') && n >= 5;
    const inverterCount = n - 1 - (hasStation ? 1 : 0);
    const module = pick(rng, MODULES);
    const threePhase = type === 'commercial' || type === 'povertyAlleviation';
    const micro = type === 'residential' && rng() < 0.4;
    const devices: DeviceDescription[] = [];
    for (let k = 0; k < inverterCount; k++) {
      const identity = {
        collectorSerial: collectorOf(k),
        armVersion: version(rng, 1),
        dspVersion: version(rng, 2),
      };
      if (type === 'energyStorage') {
        const ratedPowerW = pick(rng, [5000, 6000, 8000, 10000]);
        const strings = ratedPowerW >= 8000 ? 3 : 2;
        const modulesPerString = Math.max(6, Math.round((ratedPowerW * 1.2) / strings / module.pmaxW));
        const capacityWh = pick(rng, [5120, 10240, 15360]);
        const battery: HybridInverterDescription['battery'] = {
          capacityWh,
          maxChargeW: Math.min(ratedPowerW, capacityWh * 0.5),
          maxDischargeW: Math.min(ratedPowerW, capacityWh * 0.5),
          nominalVoltageV: capacityWh > 10240 ? 307 : 51.2,
        };
        devices.push({
          kind: 'hybridInverter',
          serial: serial('SHB', buildYear),
          model: `SO-H${ratedPowerW / 1000}K-${ratedPowerW > 6000 ? 'T' : 'S'}`,
          ratedPowerW,
          phases: ratedPowerW > 6000 ? 3 : 1,
          strings,
          modulesPerString,
          module,
          battery,
          ...identity,
        });
      } else if (micro) {
        const strings = pick(rng, [2, 4]);
        devices.push({
          kind: 'microInverter',
          serial: serial('SMI', buildYear),
          model: `SO-MI${strings * 400}`,
          ratedPowerW: strings * 400,
          phases: 1,
          strings,
          modulesPerString: 1,
          module,
          ...identity,
        });
      } else {
        const ratedPowerW =
          type === 'commercial'
            ? pick(rng, [30000, 50000, 60000, 100000])
            : type === 'povertyAlleviation'
              ? pick(rng, [20000, 30000, 40000])
              : pick(rng, [3000, 5000, 6000, 8000]);
        // String count grows with rating, up to the 12 inputs the protocol carries.
        const strings = Math.min(
          12,
          Math.max(1, Math.round(ratedPowerW / 7000) + (ratedPowerW <= 8000 ? 1 : 0)),
        );
        const dcAcRatio = 1.1 + rng() * 0.25;
        const modulesPerString = Math.max(
          4,
          Math.min(28, Math.round((ratedPowerW * dcAcRatio) / strings / module.pmaxW)),
        );
        devices.push({
          kind: 'stringInverter',
          serial: serial('SIN', buildYear),
          model: `SO-${ratedPowerW / 1000}K-${threePhase || ratedPowerW > 8000 ? 'T3' : 'S1'}`,
          ratedPowerW,
          phases: threePhase || ratedPowerW > 8000 ? 3 : 1,
          strings,
          modulesPerString,
          module,
          ...identity,
        });
      }
    }
    devices.push({
      kind: 'meter',
      serial: serial('SEM', buildYear),
      model: threePhase ? 'SO-EM3' : 'SO-EM1',
      phases: threePhase ? 3 : 1,
      collectorSerial: collectorOf(0),
      armVersion: version(rng, 1),
      dspVersion: version(rng, 1),
    });
    if (hasStation) {
      devices.push({
        kind: 'weatherStation',
        serial: serial('SWS', buildYear),
        model: 'SO-WS1',
        collectorSerial: collectorOf(1),
        armVersion: version(rng, 1),
        dspVersion: version(rng, 1),
      });
    }
    const capacityW = devices.reduce(
      (a, d) => ('strings' in d ? a + d.strings * d.modulesPerString * d.module.pmaxW : a),
      0,
    );
    const street = pick(rng, site.streets);
    const nameStreet = pick(rng, site.streets).split(' ')[0];
    const longName = `${site.city} ${nameStreet} ${TYPE_LABEL[type]} ${i + 1}`;
    plants.push({
      id: plantId,
      // Within the plant form's name rule (spec §5), so that a demo plant can be edited and saved as it is.
      name: longName.length <= LIMITS.nameMax ? longName : `${site.city} ${TYPE_LABEL[type]} ${i + 1}`,
      ownerName: pick(rng, site.owners),
      address: `${intBetween(rng, 1, 480)} ${street}, ${site.city}, ${site.region}, ${site.country}`,
      country: site.country,
      priceMinorPerKwh: site.priceMinorPerKwh,
      currency: site.currency,
      buildDate,
      latitude: Math.round(latitude * 1e4) / 1e4,
      longitude: Math.round(longitude * 1e4) / 1e4,
      altitude: site.altitude,
      timeZone: site.timeZone,
      surfaceTilt,
      surfaceAzimuth,
      capacityW,
      type,
      // Placed in daylight, a plant's sky is its site's too: each site a plant may take has its own weather.
      cloudSeed: placed(Math.floor(rng() * 2 ** 31), site),
      clearBias: site.clearBias,
      grid: site.grid,
      mounting: type === 'povertyAlleviation' ? 'openRack' : 'roof',
      // Residential sites use about a third of their yield on the spot; businesses more.
      dailyLoadKwh: Math.round((capacityW / 1000) * (type === 'commercial' ? 3.2 : 1.6) * 10) / 10,
      devices,
    });
  });
  const devices = plants.flatMap((p) =>
    p.devices.map((d) => ({ ...d, plantId: p.id, ratedPowerW: 'ratedPowerW' in d ? d.ratedPowerW : 0 })),
  );
  return { seed, plants, collectors, devices };
}
