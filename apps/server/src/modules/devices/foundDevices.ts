import { sql } from 'drizzle-orm';
import {
  AGENT_COLLECTOR_MODEL,
  isNamedBySerial,
  type AcceptFoundInput,
  type AgentReport,
  type DeviceKind,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { conflict, fieldError, notFound } from '../../http/AppError.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import { createDevices } from './service.ts';

/** SunSpec models that say what a device is: an inverter's (single, split, three phase; float; DER), a meter's… */
const INVERTER_MODELS = [101, 102, 103, 111, 112, 113, 701];
const METER_MODELS = [201, 202, 203, 204, 211, 212, 213, 214];
/** …and a battery's (storage capacity, battery base). Not 124: many inverters without a battery serve it. */
const BATTERY_MODELS = [713, 802];

/**
 * The family of a device by the SunSpec models an agent found in it: an inverter with a battery model is a hybrid
 * inverter; undefined when its models name none of these (nothing says what it is).
 */
export function kindOfFound(models: readonly number[] | undefined): DeviceKind | undefined {
  const has = (list: readonly number[]) => models?.some((m) => list.includes(m)) ?? false;
  if (has(INVERTER_MODELS)) return has(BATTERY_MODELS) ? 'hybridInverter' : 'stringInverter';
  if (has(METER_MODELS)) return 'meter';
  if (has(BATTERY_MODELS)) return 'battery';
  return undefined;
}

/**
 * Accepts a device that the edge agent `collectorSerial` found (discovered, in no plant yet) into the agent's
 * plant, as a device under the serial the agent reads it by, with what its SunSpec map says (maker and model,
 * version, family), so that nobody types its serial and its readings land in that plant from the agent's next
 * batch on. The agent and the plant must be the caller's (404 otherwise); the devices an agent reads belong to its
 * own plant (409 for another); a device the agent did not find, or whose models say no family, is refused on its
 * field, one already in a plant with 409. Nothing is stored unless all holds.
 */
export async function acceptFoundDevice(
  db: Database,
  caller: Caller,
  collectorSerial: string,
  input: AcceptFoundInput,
): Promise<{ serial: string; kind: DeviceKind; plantId: number }> {
  const [agent] = await rowsOf<{
    id: number;
    model: string;
    plant_id: number | null;
    agent_report: AgentReport | null;
  }>(
    db,
    sql`select c.id, c.model, c.plant_id, c.agent_report from collectors c left join plants pl on pl.id = c.plant_id
        where c.serial = ${collectorSerial} and ${plantScope(caller)}`,
  );
  if (!agent) throw notFound();
  if (agent.model !== AGENT_COLLECTOR_MODEL) throw conflict('notAnAgent');
  const [plant] = await rowsOf<{ id: number }>(
    db,
    sql`select pl.id from plants pl where pl.id = ${input.plantId} and ${plantScope(caller)}`,
  );
  if (!plant) throw notFound();
  if (agent.plant_id !== plant.id) throw conflict('agentOtherPlant');
  const found = agent.agent_report?.devices.find((d) => d.sn === input.deviceSn && isNamedBySerial(d));
  if (!found) throw fieldError('deviceSn', 'agentDeviceNotFound');
  const kind = kindOfFound(found.models);
  if (!kind) throw fieldError('deviceSn', 'agentDeviceKindUnknown');
  const [taken] = await rowsOf<{ id: number }>(db, sql`select id from devices where serial = ${found.sn}`);
  if (taken) throw conflict('foundDeviceTaken');
  const identity = found.identity ?? {};
  await createDevices(db, [
    {
      serial: found.sn,
      plantId: plant.id,
      collectorId: agent.id,
      kind,
      name: [identity.manufacturer, identity.model].filter(Boolean).join(' ') || found.sn,
      model: identity.model ?? '',
      armVersion: identity.version ?? '',
    },
  ]).catch((err: unknown) => {
    // Accepted by someone else between the check and the insert.
    throw isUniqueViolation(err) ? conflict('foundDeviceTaken') : err;
  });
  return { serial: found.sn, kind, plantId: plant.id };
}
