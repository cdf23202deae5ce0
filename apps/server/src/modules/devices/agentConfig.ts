import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  AGENT_COLLECTOR_MODEL,
  type AgentCollectorInput,
  type AgentConfigFile,
  type CollectorSecret,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { isUniqueViolation } from '../../db/isUniqueViolation.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { conflict, fieldError, notFound } from '../../http/AppError.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import type { BrokerAccounts } from './BrokerAccounts.ts';
import { rekeyCollector } from './collectorAccounts.ts';
import { createCollectors } from './service.ts';

/** A YAML scalar: a JSON string is a valid double-quoted YAML one, whatever it holds. */
const q = (v: string) => JSON.stringify(v);

/**
 * agent.yaml for the agent `serial` (apps/agent README): where the console is (MQTT first, HTTP where MQTT is
 * blocked), its serial and secret, the plant's time zone, and one link with the devices bound to it by serial (none
 * yet: one device the agent names by discovery), so that the installer types only the address of the inverters or
 * their gateway, and their unit ids.
 */
export function agentConfigYaml(o: {
  serial: string;
  secret: string;
  mqttUrl: string;
  httpUrl: string;
  timeZone: string;
  devices: string[];
}): string {
  return [
    `# SolarOps edge agent ${o.serial}: /etc/solarops-agent/agent.yaml. It holds the device secret: keep it private.`,
    'server:',
    `  mqttUrl: ${q(o.mqttUrl)}`,
    `  httpUrl: ${q(o.httpUrl)}`,
    '  httpAfterS: 60',
    'collector:',
    `  serial: ${q(o.serial)}`,
    `  secret: ${q(o.secret)}`,
    `timeZone: ${q(o.timeZone)}`,
    'intervalS: 300',
    'dataDir: /var/lib/solarops-agent',
    'links:',
    '  - name: inverters',
    '    # The address of the inverters, or of their Modbus TCP gateway, on the plant network.',
    '    tcp: { host: 192.168.1.50, port: 502 }',
    ...(o.devices.length > 0
      ? [
          '    devices: # each device by its serial; unitId: its Modbus unit id',
          ...o.devices.map((sn) => `      - { sn: ${q(sn)}, unitId: 1 }`),
        ]
      : [
          // No device yet: the agent names each by the serial its SunSpec map gives, and the console lists it as
          // found, for the installer to accept into the plant without typing it.
          '    devices: # unitId: each device’s Modbus unit id; the agent finds its serial, the console lists it as found',
          '      - { unitId: 1 }',
        ]),
    '',
  ].join('\n');
}

/** Where the console is, as the agent reaches it: the broker's port and the public address of the call. */
export interface ConsoleAddress {
  mqttPort: number;
  origin: string;
}

/** The answer that hands an agent its configuration once: the file, its name, and the same text as a QR code. */
async function configFile(
  issued: CollectorSecret,
  timeZone: string,
  devices: string[],
  where: ConsoleAddress,
): Promise<AgentConfigFile> {
  const config = agentConfigYaml({
    ...issued,
    mqttUrl: `mqtt://${new URL(where.origin).hostname}:${where.mqttPort}`,
    httpUrl: where.origin,
    timeZone,
    devices,
  });
  return {
    ...issued,
    fileName: `agent-${issued.serial}.yaml`,
    config,
    qrSvg: await QRCode.toString(config, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 }),
  };
}

/**
 * A new device secret for the edge agent `serial` in the caller's plants, and its configuration with it as a file
 * and a QR code: answered once, the server keeps only the secret's hash. The agent running with the old secret
 * stops reporting until it is given the new file. Not an agent (a datalogger keeps its secret in its firmware): 409.
 */
export async function issueAgentConfig(
  db: Database,
  accounts: BrokerAccounts,
  caller: Caller,
  serial: string,
  where: ConsoleAddress,
): Promise<AgentConfigFile> {
  const [found] = await rowsOf<{ model: string; time_zone: string | null }>(
    db,
    sql`select c.model, pl.time_zone from collectors c left join plants pl on pl.id = c.plant_id
        where c.serial = ${serial} and ${plantScope(caller)}`,
  );
  if (!found) throw notFound();
  if (found.model !== AGENT_COLLECTOR_MODEL) throw conflict('notAnAgent');
  const devices = await rowsOf<{ serial: string }>(
    db,
    sql`select d.serial from devices d join collectors c on c.id = d.collector_id
        where c.serial = ${serial} order by d.serial`,
  );
  const issued = await rekeyCollector(db, accounts, serial);
  return configFile(
    issued,
    found.time_zone ?? 'UTC',
    devices.map((d) => d.serial),
    where,
  );
}

/**
 * A new edge agent in a plant of the caller's (404 for any other plant), registered as a collector of the agent
 * model with a new device secret and its broker account, and its configuration answered once, so that an
 * installer sets up a gateway without anyone importing a serial first. A serial that a collector or a device
 * already has is refused on its field, and nothing is stored.
 */
export async function createAgentCollector(
  db: Database,
  accounts: BrokerAccounts,
  caller: Caller,
  input: AgentCollectorInput,
  where: ConsoleAddress,
): Promise<AgentConfigFile> {
  const [plant] = await rowsOf<{ id: number; time_zone: string }>(
    db,
    sql`select pl.id, pl.time_zone from plants pl where pl.id = ${input.plantId} and ${plantScope(caller)}`,
  );
  if (!plant) throw notFound();
  const [taken] = await rowsOf<{ serial: string }>(
    db,
    sql`select serial from collectors where serial = ${input.serial}
        union all select serial from devices where serial = ${input.serial}`,
  );
  if (taken) throw fieldError('serial', 'collectorSerialTaken');
  const [made] = await db
    .transaction((tx) =>
      createCollectors(tx as unknown as Database, accounts, [
        // On the plant's own network, without a SIM card of ours.
        { serial: input.serial, plantId: plant.id, model: AGENT_COLLECTOR_MODEL, network: 'WiFi' },
      ]),
    )
    .catch((err: unknown) => {
      // Another request took the serial between the check and the insert.
      throw isUniqueViolation(err) ? fieldError('serial', 'collectorSerialTaken') : err;
    });
  return configFile({ serial: made!.serial, secret: made!.secret }, plant.time_zone, [], where);
}
