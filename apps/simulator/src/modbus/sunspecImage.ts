import { FAULT_CODES, type TelemetryReading } from '@solarops/contracts';
import {
  encodeModel,
  modelDef,
  pointDef,
  sunspecMap,
  SUNSPEC_EVENT_FAULTS,
  SUNSPEC_INVERTER_STATUS,
  type GroupValues,
} from '@solarops/contracts/sunspec';
import type { DeviceDescription } from '../physics/index.ts';
import type { ImmediateControls } from './ImmediateControls.ts';
import type { StorageControls } from './StorageControls.ts';

/** What the devices' nameplates say in SunSpec's common model. */
export const SUNSPEC_MANUFACTURER = 'SolarOps';

/** Our status to model 101-103 `St`: the first SunSpec state the agent reads back as it (8 standby, 4 MPPT, …). */
const STATE_OF_STATUS = new Map<number, number>();
for (const [st, status] of Object.entries(SUNSPEC_INVERTER_STATUS))
  if (!STATE_OF_STATUS.has(status) || Number(st) === 8) STATE_OF_STATUS.set(status, Number(st));

/** Our fault code to the `Evt1` bit that says it, where SunSpec has one. */
function eventBits(faultCode: number | undefined): number {
  if (!faultCode) return 0;
  const kind = FAULT_CODES.find((f) => f.code === faultCode)?.kind;
  const name = SUNSPEC_EVENT_FAULTS.find(([, k]) => k === kind)?.[0];
  const bit = pointDef(modelDef(103)!, 'Evt1')?.symbols?.find((s) => s.name === name)?.value;
  return bit === undefined ? 0 : 2 ** bit;
}

/** The defined values of `values` as points named `prefix` + phase letter. */
function phases(prefix: string, values: readonly number[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  (values ?? []).slice(0, 3).forEach((v, i) => {
    if (Number.isFinite(v)) out[`${prefix}${'ABC'[i]}`] = v;
  });
  return out;
}

/** A model's values without the undefined ones (a point not given is served as "not implemented"). */
function defined(points: Record<string, number | string | undefined>): Record<string, number | string> {
  return Object.fromEntries(
    Object.entries(points).filter(([, v]) => v !== undefined && v !== null),
  ) as Record<string, number | string>;
}

function encode(id: number, values: GroupValues): number[] {
  return encodeModel(modelDef(id)!, values);
}

/** Watts in an int16 at the coarsest step a plant of this size needs (10 W above 32 kW). */
function wattScale(maxW: number): number {
  return maxW > 32_000 ? 1 : 0;
}

function inverterModels(
  device: DeviceDescription & { ratedPowerW: number; phases: 1 | 3 },
  reading: TelemetryReading,
  controls: ImmediateControls | undefined,
  storage: StorageControls | undefined,
) {
  // A limit written since the reading's step holds at once.
  const r = controls ? controls.curtail(reading, device.ratedPowerW) : reading;
  const wSf = wattScale(device.ratedPowerW);
  const currents = r.gridCurrentA ?? [];
  const common = encode(1, {
    points: { Mn: SUNSPEC_MANUFACTURER, Md: device.model, SN: device.serial, Vr: device.armVersion },
  });
  const inverter = encode(device.phases === 3 ? 103 : 101, {
    points: defined({
      A: currents.length > 0 ? currents.reduce((a, b) => a + b, 0) : undefined,
      ...phases('Aph', currents),
      A_SF: -2,
      ...phases('PhVph', r.gridVoltageV),
      V_SF: -1,
      W: r.acPowerW,
      W_SF: wSf,
      Hz: r.gridFrequencyHz?.[0],
      Hz_SF: -2,
      WH: r.energyTotalKwh === undefined ? undefined : r.energyTotalKwh * 1000,
      WH_SF: 0,
      TmpCab: r.tempC,
      Tmp_SF: -1,
      St: r.status === undefined ? undefined : STATE_OF_STATUS.get(r.status),
      Evt1: r.status === undefined ? undefined : eventBits(r.faultCode),
    }),
  });
  const nameplate = encode(120, {
    points: { DERTyp: 'battery' in device ? 82 : 4, WRtg: device.ratedPowerW, WRtg_SF: wSf },
  });
  const volts = r.pvVoltageV ?? [];
  const amps = r.pvCurrentA ?? [];
  const mppt = encode(160, {
    points: { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, N: volts.length },
    groups: {
      module: volts.map((v, i) => ({
        points: defined({
          ID: i + 1,
          IDStr: `PV${i + 1}`,
          DCV: v,
          DCA: amps[i],
          DCW: amps[i] === undefined ? undefined : Math.round(v * amps[i]),
        }),
      })),
    },
  });
  const models = [
    common,
    inverter,
    nameplate,
    ...(controls ? [controls.registers()] : []),
    ...(storage ? [storage.storage()] : []),
    mppt,
  ];
  if ('battery' in device)
    models.push(
      encode(802, {
        points: defined({
          AHRtg: Math.round(device.battery.capacityWh / device.battery.nominalVoltageV),
          AHRtg_SF: 0,
          WHRtg: device.battery.capacityWh / 10,
          WHRtg_SF: 1,
          WChaRteMax: device.battery.maxChargeW,
          WDisChaRteMax: device.battery.maxDischargeW,
          WChaDisChaMax_SF: 0,
          SoC: r.batterySocPercent,
          SoC_SF: -1,
          V: r.batteryVoltageV,
          V_SF: -2,
          // Positive while charging, as our reading counts it (and model 802 does).
          W: r.batteryPowerW,
          W_SF: 0,
          ...storage?.batteryPoints(),
        }),
      }),
    );
  return models;
}

function meterModels(device: DeviceDescription & { phases: 1 | 3 }, r: TelemetryReading) {
  const wSf = device.phases === 3 ? 1 : 0;
  const common = encode(1, { points: { Mn: SUNSPEC_MANUFACTURER, Md: device.model, SN: device.serial } });
  const meter = encode(device.phases === 3 ? 203 : 201, {
    points: defined({
      ...phases('Aph', r.gridCurrentA),
      A_SF: -2,
      ...phases('PhVph', r.gridVoltageV),
      V_SF: -1,
      Hz: r.gridFrequencyHz?.[0],
      Hz_SF: -2,
      // SunSpec meters count power drawn from the grid as positive; our meters count export as positive.
      W: r.acPowerW === undefined ? undefined : -r.acPowerW,
      W_SF: wSf,
      TotWhExp: r.energyTotalKwh === undefined ? undefined : r.energyTotalKwh * 1000,
      TotWhImp: r.importEnergyKwh === undefined ? undefined : r.importEnergyKwh * 1000,
      TotWh_SF: 0,
    }),
  });
  return [common, meter];
}

/**
 * The SunSpec register map (from 40000) a simulated device serves for its current reading: the common model
 * (maker, model, serial), the inverter model (101 single-phase, 103 three-phase), the nameplate (120), with
 * `controls` its immediate controls (123, writable through the face), with `storage` a hybrid's storage controls (124,
 * writable), the PV inputs (160) and for a hybrid its battery (802, its settings writable with `storage`); for a
 * meter the common model and 201 or 203. Undefined for a
 * device SunSpec has no model for here (the weather station). Values the reading lacks are served as "not
 * implemented", so a reader leaves them out as it would on a real device.
 */
export function sunspecImage(
  device: DeviceDescription,
  reading: TelemetryReading,
  controls?: ImmediateControls,
  storage?: StorageControls,
): Map<number, number> | undefined {
  if (device.kind === 'weatherStation') return undefined;
  if (device.kind === 'meter') return sunspecMap(meterModels(device, reading));
  return sunspecMap(inverterModels(device, reading, controls, storage));
}

/** Where model `id` starts (its ID register) in a SunSpec map from 40000, or undefined when the map lacks it. */
export function modelAddress(image: ReadonlyMap<number, number>, id: number): number | undefined {
  let address = 40002;
  for (let id_ = image.get(address); id_ !== undefined && id_ !== 0xffff; id_ = image.get(address)) {
    if (id_ === id) return address;
    address += 2 + (image.get(address + 1) ?? 0);
  }
  return undefined;
}
