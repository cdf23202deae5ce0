import { describe, it } from 'vitest';
import {
  faimanTemperature,
  SAPM_TEMPERATURE_PARAMETERS,
  sapmCellTemperature,
  sapmModuleTemperature,
} from './cellTemperature.ts';
import { expectAllClose } from './testing.ts';

const P = SAPM_TEMPERATURE_PARAMETERS.openRackGlassGlass;

// pvlib passes `3` positionally to assert_allclose, i.e. rtol = 3; we check to 1e-3 absolute instead.
describe('SAPM temperature', () => {
  it('cell (test_temperature.py::test_sapm_cell)', () =>
    expectAllClose(sapmCellTemperature(900, 20, 5, P), 43.509, 0, 1e-3));
  it('module (test_sapm_module)', () =>
    expectAllClose(sapmModuleTemperature(900, 20, 5, P.a, P.b), 40.809, 0, 1e-3));
  it('arrays, night keeps ambient (test_sapm_ndarray)', () => {
    const temps = [0, 10, 5];
    const irrads = [0, 500, 0];
    const winds = [10, 5, 0];
    [0, 23.06066166, 5].forEach((e, i) =>
      expectAllClose(
        sapmCellTemperature(irrads[i] ?? NaN, temps[i] ?? NaN, winds[i] ?? NaN, P),
        e,
        1e-7,
        1e-7,
      ),
    );
    [0, 21.56066166, 5].forEach((e, i) =>
      expectAllClose(
        sapmModuleTemperature(irrads[i] ?? NaN, temps[i] ?? NaN, winds[i] ?? NaN, P.a, P.b),
        e,
        1e-7,
        1e-7,
      ),
    );
  });
  it('propagates NaN', () => expectAllClose(sapmCellTemperature(NaN, 20, 1, P), NaN));
});

describe('Faiman temperature', () => {
  it('defaults (test_temperature.py::test_faiman_default, atol 0.001)', () =>
    expectAllClose(faimanTemperature(900, 20, 5), 35.203, 0, 0.001));
  it('kwargs (test_faiman_kwargs)', () =>
    expectAllClose(faimanTemperature(900, 20, 5, 22, 6), 37.308, 0, 0.001));
  it('arrays (test_faiman_ndarray)', () => {
    const temps = [0, 10, 5];
    const irrads = [0, 500, 0];
    const winds = [10, 5, 0];
    [0, 18.446, 5].forEach((e, i) =>
      expectAllClose(faimanTemperature(irrads[i] ?? NaN, temps[i] ?? NaN, winds[i] ?? NaN), e, 0, 0.001),
    );
  });
});
