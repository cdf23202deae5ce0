/**
 * Solar physics for SolarOps: sun position, clear sky, transposition, cell temperature, PV power and the
 * single-diode IV model. Names and units: docs/nomenclature.md.
 */
export * from './solarPosition.ts';
export * from './sunRiseSetTransit.ts';
export * from './spaTables.ts';
export * from './atmosphere.ts';
export * from './extraterrestrialRadiation.ts';
export * from './clearSkyIneichen.ts';
export * from './clearSkyHaurwitz.ts';
export * from './linkeTurbidity.ts';
export * from './angleOfIncidence.ts';
export * from './skyDiffuse.ts';
export * from './groundDiffuse.ts';
export * from './poaIrradiance.ts';
export * from './clearSkyPlane.ts';
export * from './cellTemperature.ts';
export * from './pvwatts.ts';
export * from './lambertW.ts';
export * from './singleDiode.ts';
export * from './calcparamsDesoto.ts';
export * from './performanceRatio.ts';
export * from './random.ts';
export * from './pvModule.ts';
export * from './ivFaults.ts';
export * from './ivString.ts';
export * from './ivCurveAnalysis.ts';
export * from './ivDiagnosis.ts';
export * from './ivFeatures.ts';
export * from './ivClassifier.ts';
export * from './ivClassifierModel.ts';
