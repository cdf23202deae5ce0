import { describe, expect, it } from 'vitest';
import { SETTINGS_PROFILES } from '@solarops/contracts';
import { describePoint } from './settingsForm.ts';

const t = (key: string) => key;

describe('a point as the user reads it', () => {
  it('by its label and unit in either language, whatever model of the batch has it', () => {
    expect(describePoint(SETTINGS_PROFILES, 'activePowerLimitPct', 80, 'en', t)).toEqual({
      label: 'Active power limit',
      value: '80.0 %',
    });
    expect(describePoint(SETTINGS_PROFILES, 'activePowerLimitPct', 50, 'zh', t)).toEqual({
      label: '有功功率限制',
      value: '50.0 %',
    });
  });

  it('an option by its label, from the device’s own profile', () => {
    expect(describePoint(SETTINGS_PROFILES, 'workMode', 1, 'en', t, 'hybridRegister')).toEqual({
      label: 'Work mode',
      value: 'Zero export to load',
    });
  });

  it('a name no profile has as it was sent, a missing value as a dash', () => {
    expect(describePoint(SETTINGS_PROFILES, 'unknownPoint', 3, 'en', t)).toEqual({
      label: 'unknownPoint',
      value: '3',
    });
    expect(describePoint(SETTINGS_PROFILES, 'activePowerLimitPct', undefined, 'en', t).value).toBe('—');
  });
});
