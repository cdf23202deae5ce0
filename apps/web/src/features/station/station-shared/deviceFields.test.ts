import { describe, expect, it } from 'vitest';
import { fieldGroups, fieldLabel } from './deviceFields.ts';

describe('device detail charts', () => {
  it('draws every PV string of an inverter, up to 12', () => {
    const groups = fieldGroups({ kind: 'stringInverter', pvStrings: 12 });
    expect(groups.find((g) => g.key === 'pvVoltage')!.fields).toEqual(
      Array.from({ length: 12 }, (_, i) => `pvV${i + 1}`),
    );
    expect(groups.find((g) => g.key === 'pvCurrent')!.fields).toHaveLength(12);
    // A device claiming more strings than the protocol carries still gets 12.
    expect(
      fieldGroups({ kind: 'microInverter', pvStrings: 20 }).find((g) => g.key === 'pvVoltage')!.fields,
    ).toHaveLength(12);
  });

  it('gives storage its state of charge and weather stations their sensors, no PV strings', () => {
    const hybrid = fieldGroups({ kind: 'hybridInverter', pvStrings: 2 }).map((g) => g.key);
    expect(hybrid).toEqual(expect.arrayContaining(['pvVoltage', 'soc', 'batteryPower']));
    expect(fieldGroups({ kind: 'battery', pvStrings: 0 }).map((g) => g.key)).toContain('soc');
    const weather = fieldGroups({ kind: 'weatherStation', pvStrings: 0 });
    expect(weather.flatMap((g) => g.fields)).toEqual([
      'ghiWm2',
      'poaWm2',
      'tempAirC',
      'tempModuleC',
      'windSpeedMs',
    ]);
  });

  it('numbers string and phase labels', () => {
    expect(fieldLabel('pvV12')).toEqual(['station.field.pvV', { n: 12 }]);
    expect(fieldLabel('gridCurrentA2')).toEqual(['station.field.gridCurrentA', { n: 2 }]);
    expect(fieldLabel('tempC')).toEqual(['station.field.tempC', {}]);
  });
});
