/**
 * Plant physics of the simulator: weather, device readings, energy counters, faults and the demo fleet.
 * No networking here; the transport wraps these pure functions.
 */
export * from './random.ts';
export * from './localTime.ts';
export * from './cloudiness.ts';
export * from './plantDescription.ts';
export * from './plantWeather.ts';
export * from './inverterOutput.ts';
export * from './siteLoad.ts';
export * from './deviceState.ts';
export * from './faultInjector.ts';
export * from './faultSignals.ts';
export * from './plantModel.ts';
export * from './backfill.ts';
export * from './dailyEnergy.ts';
export * from './ivCurve.ts';
export * from './demoFleet.ts';
export * from './demoShowcase.ts';
