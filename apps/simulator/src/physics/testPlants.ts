/**
 * Plant descriptions for the physics tests: one northern (UTC+8), one southern (UTC+10/+11) and one
 * western (UTC−5/−4) plant, each with a string inverter, a hybrid inverter with a battery, a meter and a
 * weather station.
 */
import type { ModuleStc, PlantDescription } from './plantDescription.ts';

/** A 410 W, 54-cell module. */
export const TEST_MODULE: ModuleStc = {
  model: 'TEST-410',
  pmaxW: 410,
  vmpV: 31.4,
  impA: 13.06,
  vocV: 37.5,
  iscA: 13.9,
  gammaPmax: -0.0035,
  betaVoc: -0.0027,
  alphaIsc: 0.00048,
  cellsInSeries: 54,
};

/**
 * A test plant at a site.
 *
 * @param site - Id, latitude [deg], longitude [deg], time zone and cloud seed
 * @param dcAcRatio - DC/AC ratio of the string inverter [unitless]; default 1.2
 * @returns plant description
 */
export function testPlant(
  site: { id: string; latitude: number; longitude: number; timeZone: string; cloudSeed?: number },
  dcAcRatio = 1.2,
): PlantDescription {
  const strings = 4;
  const modulesPerString = Math.round((10000 * dcAcRatio) / strings / TEST_MODULE.pmaxW);
  const identity = (serial: string) => ({
    serial,
    collectorSerial: `SOC${site.id}`,
    model: 'TEST',
    armVersion: 'V1.0.00',
    dspVersion: 'V2.0.00',
  });
  const plant: PlantDescription = {
    id: site.id,
    latitude: site.latitude,
    longitude: site.longitude,
    altitude: 50,
    timeZone: site.timeZone,
    surfaceTilt: Math.round(Math.abs(site.latitude) * 0.85),
    surfaceAzimuth: site.latitude >= 0 ? 180 : 0,
    capacityW: 0,
    type: 'energyStorage',
    cloudSeed: site.cloudSeed ?? 12345,
    clearBias: 1.5,
    grid: { voltageV: 230, frequencyHz: 50 },
    mounting: 'openRack',
    dailyLoadKwh: 20,
    devices: [
      {
        kind: 'stringInverter',
        ...identity(`SIN${site.id}1`),
        ratedPowerW: 10000,
        phases: 3,
        strings,
        modulesPerString,
        module: TEST_MODULE,
      },
      {
        kind: 'hybridInverter',
        ...identity(`SHB${site.id}2`),
        ratedPowerW: 5000,
        phases: 1,
        strings: 2,
        modulesPerString: 8,
        module: TEST_MODULE,
        battery: { capacityWh: 10240, maxChargeW: 5000, maxDischargeW: 5000, nominalVoltageV: 51.2 },
      },
      { kind: 'meter', ...identity(`SEM${site.id}3`), phases: 3 },
      { kind: 'weatherStation', ...identity(`SWS${site.id}4`) },
    ],
  };
  plant.capacityW = plant.devices.reduce(
    (a, d) => ('strings' in d ? a + d.strings * d.modulesPerString * d.module.pmaxW : a),
    0,
  );
  return plant;
}

/** Hangzhou, UTC+8 all year. */
export const SHANGHAI_PLANT = testPlant({
  id: 'cn',
  latitude: 30.27,
  longitude: 120.15,
  timeZone: 'Asia/Shanghai',
});
/** Sydney, southern hemisphere, UTC+10 (+11 in summer). */
export const SYDNEY_PLANT = testPlant({
  id: 'au',
  latitude: -33.87,
  longitude: 151.21,
  timeZone: 'Australia/Sydney',
});
/** New York, UTC−5 (−4 in summer). */
export const NEW_YORK_PLANT = testPlant({
  id: 'us',
  latitude: 40.71,
  longitude: -74.0,
  timeZone: 'America/New_York',
});
