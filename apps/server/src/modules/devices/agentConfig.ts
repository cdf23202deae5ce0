import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { AGENT_COLLECTOR_MODEL, type AgentConfigFile } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { conflict, notFound } from '../../http/AppError.ts';
import { plantScope, type Caller } from '../plants/plantScope.ts';
import type { BrokerAccounts } from './BrokerAccounts.ts';
import { rekeyCollector } from './collectorAccounts.ts';

/** A YAML scalar: a JSON string is a valid double-quoted YAML one, whatever it holds. */
const q = (v: string) => JSON.stringify(v);

/**
 * agent.yaml for the agent `serial` (apps/agent README): where the console is (MQTT first, HTTP where MQTT is
 * blocked), its serial and secret, the plant's time zone, and one link with the devices bound to it by serial, so
 * that the installer types only the address of the inverters or their gateway, and their unit ids.
 */
export function agentConfigYaml(o: {
  serial: string;
  secret: string;
  mqttUrl: string;
  httpUrl: string;
  timeZone: string;
  devices: string[];
}): string {
  const devices = o.devices.length > 0 ? o.devices : ['DEVICE-SERIAL'];
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
    '    devices: # each device by its serial; unitId: its Modbus unit id',
    ...devices.map((sn) => `      - { sn: ${q(sn)}, unitId: 1 }`),
    '',
  ].join('\n');
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
  where: { mqttPort: number; origin: string },
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
  const config = agentConfigYaml({
    ...issued,
    mqttUrl: `mqtt://${new URL(where.origin).hostname}:${where.mqttPort}`,
    httpUrl: where.origin,
    timeZone: found.time_zone ?? 'UTC',
    devices: devices.map((d) => d.serial),
  });
  return {
    ...issued,
    fileName: `agent-${serial}.yaml`,
    config,
    qrSvg: await QRCode.toString(config, { type: 'svg', errorCorrectionLevel: 'L', margin: 2 }),
  };
}
