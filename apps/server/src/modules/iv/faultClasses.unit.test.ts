import { IV_FAULT_CLASS_NAMES } from '@solarops/contracts';
import { IV_FAULT_CLASSES } from '@solarops/pv';
import { describe, expect, it } from 'vitest';

// The contracts keep their own copy of the ten class names so that the console need not load the physics package;
// the open door answers the physics' class in the contracts' enum, so the two lists must stay one.
describe('the IV fault classes', () => {
  it('are the same names in the same order in the contracts and in the physics package', () => {
    expect([...IV_FAULT_CLASS_NAMES]).toEqual([...IV_FAULT_CLASSES]);
  });
});
