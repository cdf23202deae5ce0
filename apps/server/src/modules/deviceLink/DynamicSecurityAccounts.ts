import mqtt, { type MqttClient } from 'mqtt';
import { deviceTopics, DOWN_KINDS, UP_KINDS } from '@solarops/contracts';
import type { BrokerAccounts, CollectorAccount } from '../devices/BrokerAccounts.ts';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** Accounts per control message: each is four commands, and the plugin saves its file once per message. */
const ACCOUNTS_PER_MESSAGE = 250;
/** Errors that mean the state asked for is already there (the plugin's own wording, Mosquitto 2.0). */
const ALREADY_DONE = new Set(['Client not found', 'Role not found']);

/** A serial that is safe as a user name, client id and topic level (no wildcard, separator or `$`). */
const SAFE_SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

interface Command {
  command: string;
  correlationData?: string;
  [field: string]: unknown;
}
interface Response {
  command: string;
  error?: string;
  correlationData?: string;
}

/** The role of one collector: its own topics only (Mosquitto 2.0 has no `%u` in dynamic-security ACLs). */
export const collectorRoleName = (serial: string) => `collector-${serial}`;

/** Commands that make (or remake) a collector's role and client, its connection closed if it had one. */
function issueCommands({ serial, secret }: CollectorAccount): Command[] {
  const topics = deviceTopics(serial);
  return [
    { command: 'deleteClient', username: serial },
    { command: 'deleteRole', rolename: collectorRoleName(serial) },
    {
      command: 'createRole',
      rolename: collectorRoleName(serial),
      acls: [
        ...UP_KINDS.map((kind) => ({ acltype: 'publishClientSend', topic: topics[kind], allow: true })),
        // Literal: a subscription naming a wildcard is refused, as in the embedded broker.
        ...DOWN_KINDS.map((kind) => ({ acltype: 'subscribeLiteral', topic: topics[kind], allow: true })),
      ],
    },
    {
      command: 'createClient',
      username: serial,
      password: secret,
      // The broker lets this account in only under the client id of its serial (docs/device-protocol.md).
      clientid: serial,
      roles: [{ rolename: collectorRoleName(serial) }],
    },
  ];
}

const revokeCommands = (serial: string): Command[] => [
  { command: 'deleteClient', username: serial },
  { command: 'deleteRole', rolename: collectorRoleName(serial) },
];

/**
 * Collectors' accounts in Mosquitto 2 through its dynamic-security plugin: commands published to
 * `$CONTROL/dynamic-security/v1` with an administrator's account (`MQTT_ADMIN_USERNAME`/`MQTT_ADMIN_PASSWORD`),
 * answered on `.../response`. Each collector gets a client (user name and client id = serial, password = device
 * secret) and a role of its own with its topic ACL. A call resolves once the broker answered every command, and
 * rejects when one failed or no answer came in time, so that the caller's transaction rolls back.
 */
export class DynamicSecurityAccounts implements BrokerAccounts {
  private readonly client: MqttClient;
  private readonly ready: Promise<unknown>;
  private readonly waiting = new Map<string, (r: Response) => void>();
  private sequence = 0;

  constructor(
    options: { url: string; username: string; password: string; clientId: string },
    private readonly timeoutMs = 15_000,
  ) {
    // The server's own credentials in MQTT_URL give way to the administrator's.
    const url = new URL(options.url);
    url.username = '';
    url.password = '';
    this.client = mqtt.connect(url.toString(), {
      clientId: options.clientId,
      username: options.username,
      password: options.password,
      protocolVersion: 4,
      reconnectPeriod: 1000,
    });
    this.client.on('error', () => undefined); // reconnects; a call waiting meanwhile times out with its reason
    this.client.on('message', (topic, payload) => {
      if (topic !== RESPONSE_TOPIC) return;
      let body: { responses?: Response[] };
      try {
        body = JSON.parse(payload.toString()) as { responses?: Response[] };
      } catch {
        return;
      }
      for (const r of body.responses ?? []) {
        const resolve = r.correlationData === undefined ? undefined : this.waiting.get(r.correlationData);
        if (resolve) resolve(r);
      }
    });
    this.ready = this.client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
    this.ready.catch(() => undefined);
  }

  async issue(accounts: readonly CollectorAccount[]): Promise<void> {
    for (const a of accounts) checkSerial(a.serial);
    for (let i = 0; i < accounts.length; i += ACCOUNTS_PER_MESSAGE) {
      await this.run(accounts.slice(i, i + ACCOUNTS_PER_MESSAGE).flatMap(issueCommands));
    }
  }

  async revoke(serials: readonly string[]): Promise<void> {
    for (const s of serials) checkSerial(s);
    for (let i = 0; i < serials.length; i += ACCOUNTS_PER_MESSAGE) {
      await this.run(serials.slice(i, i + ACCOUNTS_PER_MESSAGE).flatMap(revokeCommands));
    }
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }

  /** Sends the commands in one message and waits for every answer; throws on the first real error. */
  private async run(commands: Command[]): Promise<void> {
    const batch = ++this.sequence;
    const ids = commands.map((c, i) => {
      c.correlationData = `${batch}.${i}`;
      return c.correlationData;
    });
    const answers = ids.map((id) => new Promise<Response>((resolve) => this.waiting.set(id, resolve)));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `the MQTT broker did not answer the dynamic-security commands within ${this.timeoutMs / 1000} s`,
            ),
          ),
        this.timeoutMs,
      );
    });
    try {
      const responses = await Promise.race([
        (async () => {
          await this.ready;
          await this.client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands }), { qos: 1 });
          return Promise.all(answers);
        })(),
        timeout,
      ]);
      const failed = responses.find((r) => r.error && !ALREADY_DONE.has(r.error));
      if (failed) {
        throw new Error(`the MQTT broker refused ${failed.command}: ${failed.error}`);
      }
    } finally {
      clearTimeout(timer);
      for (const id of ids) this.waiting.delete(id);
    }
  }
}

function checkSerial(serial: string) {
  if (!SAFE_SERIAL.test(serial)) {
    throw new Error(`serial ${JSON.stringify(serial)} cannot name a broker account`);
  }
}
