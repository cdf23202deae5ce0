import { faultCodeOf, type TelemetryReading } from '@solarops/contracts';
import {
  bitsSet,
  modelDef,
  pointDef,
  SUNSPEC_EVENT_FAULTS,
  SUNSPEC_INVERTER_STATUS,
  type DecodedModel,
} from '@solarops/contracts/sunspec';

/** The fields of our telemetry reading a device's models give (everything but `sn`, `ts` and `energyTodayKwh`). */
export type ReadingFields = Omit<TelemetryReading, 'sn' | 'ts'>;

const INVERTER_PHASES: Record<number, number> = { 101: 1, 102: 2, 103: 3, 111: 1, 112: 2, 113: 3 };
const METER_PHASES: Record<number, number> = {
  201: 1,
  202: 2,
  203: 3,
  204: 3,
  211: 1,
  212: 2,
  213: 3,
  214: 3,
};
const PHASES = ['A', 'B', 'C'] as const;

/** Model 701 `InvSt` to our status. */
const DER_STATUS: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 1, 4: 2, 5: 0, 6: 3, 7: 0 };

type Points = DecodedModel['points'];

function num(points: Points, name: string): number | undefined {
  const v = points[name];
  return typeof v === 'number' ? v : undefined;
}

/** A list of the values present, or undefined when there is none. */
function present(values: (number | undefined)[]): number[] | undefined {
  const list = values.filter((v): v is number => v !== undefined);
  return list.length > 0 ? list : undefined;
}

/** Wh to kWh at the register's resolution (no binary noise such as 30388.530000000002). */
function kwh(wh: number | undefined): number | undefined {
  return wh === undefined ? undefined : Math.round(wh) / 1000;
}

function inverterFields(model: DecodedModel): ReadingFields {
  const p = model.points;
  const phases = INVERTER_PHASES[model.id]!;
  // Some single-phase devices give their voltage only as the line-to-line PPVphAB.
  const voltages = PHASES.slice(0, phases).map((ph) => num(p, `PhVph${ph}`));
  if (phases === 1 && voltages[0] === undefined) voltages[0] = num(p, 'PPVphAB');
  const currents = PHASES.slice(0, phases).map((ph) => num(p, `Aph${ph}`));
  if (phases === 1 && currents[0] === undefined) currents[0] = num(p, 'A');
  const hz = num(p, 'Hz');
  const st = num(p, 'St');
  return {
    acPowerW: num(p, 'W'),
    energyTotalKwh: kwh(num(p, 'WH')),
    gridVoltageV: present(voltages),
    gridCurrentA: present(currents),
    gridFrequencyHz: hz === undefined ? undefined : [hz],
    tempC: num(p, 'TmpCab') ?? num(p, 'TmpSnk'),
    status: st === undefined ? undefined : SUNSPEC_INVERTER_STATUS[st],
    faultCode: faultCodeOfBits(model, 'Evt1'),
  };
}

/**
 * Our fault code from a model's event or alarm bitfield: the most serious bit set that our fault table knows, 0
 * when none is, absent when the device does not implement the field.
 */
function faultCodeOfBits(model: DecodedModel, point: string): number | undefined {
  const value = num(model.points, point);
  if (value === undefined) return undefined;
  const bits = bitsSet(pointDef(modelDef(model.id)!, point), value);
  const fault = SUNSPEC_EVENT_FAULTS.find(([bit]) => bits.includes(bit));
  return fault ? faultCodeOf(fault[1]).code : 0;
}

function derFields(model: DecodedModel): ReadingFields {
  const p = model.points;
  const phases = num(p, 'ACType') === 2 ? 3 : num(p, 'ACType') === 1 ? 2 : 1;
  const legs = ['L1', 'L2', 'L3'].slice(0, phases);
  const hz = num(p, 'Hz');
  const st = num(p, 'InvSt');
  return {
    acPowerW: num(p, 'W'),
    energyTotalKwh: kwh(num(p, 'TotWhInj')),
    gridVoltageV: present(legs.map((l) => num(p, `V${l}`))),
    gridCurrentA: present(legs.map((l) => num(p, `A${l}`))),
    gridFrequencyHz: hz === undefined ? undefined : [hz],
    tempC: num(p, 'TmpCab') ?? num(p, 'TmpSnk'),
    status: st === undefined ? undefined : DER_STATUS[st],
    faultCode: faultCodeOfBits(model, 'Alrm'),
  };
}

function meterFields(model: DecodedModel): ReadingFields {
  const p = model.points;
  const phases = METER_PHASES[model.id]!;
  const w = num(p, 'W');
  const hz = num(p, 'Hz');
  return {
    // SunSpec meters count power from the grid as positive; our meters report net export as positive.
    acPowerW: w === undefined ? undefined : w === 0 ? 0 : -w,
    energyTotalKwh: kwh(num(p, 'TotWhExp')),
    importEnergyKwh: kwh(num(p, 'TotWhImp')),
    gridVoltageV: present(PHASES.slice(0, phases).map((ph) => num(p, `PhVph${ph}`))),
    gridCurrentA: present(PHASES.slice(0, phases).map((ph) => num(p, `Aph${ph}`))),
    gridFrequencyHz: hz === undefined ? undefined : [hz],
  };
}

function mpptFields(model: DecodedModel): ReadingFields {
  // Only the inputs the device implements: a module without voltage and current is not an input.
  const inputs = (model.groups.module ?? []).filter(
    (m) => num(m.points, 'DCV') !== undefined || num(m.points, 'DCA') !== undefined,
  );
  return {
    pvVoltageV: present(inputs.slice(0, 12).map((m) => num(m.points, 'DCV'))),
    pvCurrentA: present(inputs.slice(0, 12).map((m) => num(m.points, 'DCA'))),
  };
}

function storageFields(model: DecodedModel): ReadingFields {
  const p = model.points;
  if (model.id === 124) return { batterySocPercent: num(p, 'ChaState'), batteryVoltageV: num(p, 'InBatV') };
  if (model.id === 713) return { batterySocPercent: num(p, 'SoC') };
  // 802: the bank's power, + charging as our field counts it.
  return { batterySocPercent: num(p, 'SoC'), batteryPowerW: num(p, 'W'), batteryVoltageV: num(p, 'V') };
}

function fieldsOf(model: DecodedModel): ReadingFields {
  if (model.id in INVERTER_PHASES) return inverterFields(model);
  if (model.id in METER_PHASES) return meterFields(model);
  if (model.id === 701) return derFields(model);
  if (model.id === 160) return mpptFields(model);
  if (model.id === 124 || model.id === 713 || model.id === 802) return storageFields(model);
  return {};
}

/** Model ids whose points become reading fields (the others are read only by `scan` for identity). */
export const MAPPED_MODELS = new Set([
  ...Object.keys(INVERTER_PHASES).map(Number),
  ...Object.keys(METER_PHASES).map(Number),
  160,
  124,
  701,
  713,
  802,
]);

/**
 * Our reading's fields from a device's decoded models (docs/device-protocol.md). A value the device does not
 * give is left out. Where two models give a field, the first in the device's chain wins (a device offering both
 * the integer and the float inverter models gives the same values in each).
 */
export function toReadingFields(models: readonly DecodedModel[]): ReadingFields {
  const out: Record<string, unknown> = {};
  for (const model of models) {
    for (const [key, value] of Object.entries(fieldsOf(model))) {
      if (value !== undefined && out[key] === undefined) out[key] = value;
    }
  }
  return out as ReadingFields;
}
