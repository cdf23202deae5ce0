import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentReport, CommandReply, TelemetryReading } from '@solarops/contracts';
import { CollectorLink } from '@solarops/simulator/link';
import { CommandDispatcher, type DispatcherOptions } from '../commands/CommandDispatcher.ts';
import { energyToday, type DayStart } from '../mapping/energyToday.ts';
import { LinkQueue } from '../modbus/LinkQueue.ts';
import { ModbusSerialTransport, type LinkEndpoint } from '../modbus/transport.ts';
import { AGENT_VERSION } from '../version.ts';
import { BatchJournal, DEFAULT_MAX_ITEMS } from './BatchJournal.ts';
import { clockState } from './clockState.ts';
import { HttpDelivery } from './HttpDelivery.ts';
import type { AgentConfig, LinkConfig } from './config.ts';
import { DevicePoller, type PollResult } from './DevicePoller.ts';

export function endpointOf(link: LinkConfig): LinkEndpoint {
  if (link.tcp) return { kind: 'tcp', ...link.tcp };
  if (link.rtuOverTcp) return { kind: 'rtuOverTcp', ...link.rtuOverTcp };
  return { kind: 'rtu', ...link.rtu! };
}

/** A link's name in the status: its name in agent.yaml, else where it goes. */
export function linkName(link: LinkConfig): string {
  if (link.name) return link.name;
  const e = endpointOf(link);
  return e.kind === 'rtu' ? e.path : `${e.host}:${e.port}`;
}

interface PolledLink {
  name: string;
  queue: LinkQueue;
  pollers: DevicePoller[];
}

/** Each device's poller, on one queue per link. */
function pollers(
  config: AgentConfig,
  onResult: (r: PollResult) => void,
): { queues: LinkQueue[]; pollers: DevicePoller[]; links: PolledLink[] } {
  const links = config.links.map((link): PolledLink => {
    const queue = new LinkQueue(new ModbusSerialTransport(endpointOf(link)), { gapMs: link.gapMs });
    return {
      name: linkName(link),
      queue,
      pollers: link.devices.map((d) => new DevicePoller(queue, d, config.intervalS * 1000, onResult)),
    };
  });
  return { queues: links.map((l) => l.queue), pollers: links.flatMap((l) => l.pollers), links };
}

/** The links' latency in the status is renewed at least this often (what was found and the errors, on change). */
const REPORT_EVERY_MS = 5 * 60_000;

/**
 * The agent's report of its links and devices for its status: renewed after a round of polls when what discovery
 * found or the poll errors changed, and every `REPORT_EVERY_MS` for the links' latency, so that the status (said
 * over MQTT, and over HTTP when it changes) goes no more often than that.
 */
class AgentReporter {
  report: AgentReport | undefined;
  private key = '';
  private at = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Renews the report of `links`; true when it changed. */
  renew(links: PolledLink[]): boolean {
    const devices = links.flatMap((l) => l.pollers.map((p) => p.report(l.name))).slice(0, 256);
    const key = JSON.stringify(devices);
    if (this.report && key === this.key && this.now() - this.at < REPORT_EVERY_MS) return false;
    this.key = key;
    this.at = this.now();
    this.report = {
      links: links.slice(0, 64).map((l) => {
        const latency = l.queue.stats.latencyMs;
        return {
          name: l.name.slice(0, 64),
          ...(latency === undefined ? {} : { latencyMs: Math.round(latency * 10) / 10 }),
        };
      }),
      devices,
    };
    return true;
  }
}

/** The day counters of energy today, kept beside the buffer so that a restart at noon keeps the day. */
class DayStarts {
  readonly map = new Map<string, DayStart>();
  private readonly path: string;
  constructor(dir: string) {
    this.path = join(dir, 'day-starts.json');
    if (existsSync(this.path)) {
      try {
        for (const [sn, s] of Object.entries(
          JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, DayStart>,
        )) {
          this.map.set(sn, s);
        }
      } catch {
        // A torn file loses today's start only: the day then counts from the next reading.
      }
    }
  }
  save(): void {
    writeFileSync(`${this.path}.new`, JSON.stringify(Object.fromEntries(this.map)));
    renameSync(`${this.path}.new`, this.path);
  }
}

function toReading(
  result: PollResult,
  config: AgentConfig,
  days: Map<string, DayStart>,
): TelemetryReading | undefined {
  if (!result.fields) return undefined;
  // A device's own day counter is kept; the lifetime counter by the plant's local day stands in where it has none.
  const today =
    result.fields.energyTodayKwh ??
    energyToday(days, result.sn, result.ts, result.fields.energyTotalKwh, config.timeZone);
  return {
    sn: result.sn,
    ts: result.ts,
    ...result.fields,
    ...(today === undefined ? {} : { energyTodayKwh: today }),
  };
}

/** `run --once --print`: reads every device once and returns the batch it would send (sending nothing). */
export async function readOnce(
  config: AgentConfig,
  log: (line: string) => void,
): Promise<TelemetryReading[]> {
  const { queues, pollers: all } = pollers(config, () => undefined);
  try {
    const ts = Date.now();
    const results = await Promise.all(all.map((p) => p.poll(ts)));
    const days = new Map<string, DayStart>();
    for (const r of results) if (r.error) log(`${r.sn}: ${r.error.message}`);
    return results
      .map((r) => toReading(r, config, days))
      .filter((r): r is TelemetryReading => r !== undefined);
  } finally {
    await Promise.all(queues.map((q) => q.close()));
  }
}

export interface RunningAgent {
  link: CollectorLink;
  commands: CommandDispatcher;
  journal: BatchJournal;
  stop(): Promise<void>;
}

/**
 * The service: polls every device at the interval, sends the readings of each interval as one batch through
 * the collector link (MQTT, QoS 1, kept on disk until the server's ack and re-sent oldest first after every
 * reconnect and every restart), and says its status (the agent's version, its interval, its clock, the readings its
 * full buffer dropped) at each connect and whenever that count grows.
 * Where MQTT is blocked (or not configured), the same batches go over HTTP (`HttpDelivery`).
 */
export async function runAgent(
  config: AgentConfig,
  log: (line: string) => void,
  options: {
    upgrade?: DispatcherOptions['upgrade'];
    /**
     * Called once the server has heard this agent (its status acknowledged over MQTT, or taken over HTTP), with the
     * function that answers the server: a self-update on probation confirms itself there (src/update/).
     */
    onServerReached?: (reply: (r: CommandReply) => void) => void;
  } = {},
): Promise<RunningAgent> {
  const journal = new BatchJournal(config.dataDir, config.bufferReadings ?? DEFAULT_MAX_ITEMS);
  if (journal.tornLines > 0) log(`buffer: ${journal.tornLines} line(s) cut off by a power loss were dropped`);
  if (journal.waiting().length > 0)
    log(`buffer: ${journal.waiting().length} batch(es) from before the restart go first`);
  const days = new DayStarts(config.dataDir);
  const reporter = new AgentReporter();
  /**
   * What the agent says of itself, over MQTT at each connect and over HTTP while HTTP carries its batches: its
   * version, interval, clock, the readings its full buffer dropped, and (after its first round of polls) its links
   * and what it found of each device.
   */
  const status = () => ({
    firmware: AGENT_VERSION,
    intervalS: config.intervalS,
    clock: clockState(),
    droppedReadings: journal.droppedReadings,
    ...(reporter.report ? { agent: reporter.report } : {}),
  });
  const link = new CollectorLink({
    // Without MQTT the link is never started: it only keeps the batches, and HTTP delivers them.
    url: config.server.mqttUrl ?? '',
    serial: config.collector.serial,
    secret: config.collector.secret,
    store: journal,
    writeCache: false,
    status,
    onCommand: (message) => commands.handle(message),
  });
  const { mqttUrl, httpUrl, httpAfterS } = config.server;
  const http = httpUrl
    ? new HttpDelivery({
        url: httpUrl,
        serial: config.collector.serial,
        secret: config.collector.secret,
        link,
        afterMs: mqttUrl ? httpAfterS * 1000 : 0,
        log,
        status,
        onCommand: (message) => commands.handle(message),
        onStatusTaken: () => options.onServerReached?.(sendReply),
      })
    : undefined;
  // Over MQTT while it is connected, else with the next HTTP call (the server re-sends what it misses).
  const sendReply = (reply: CommandReply): void =>
    link.connected || !http ? link.sendReply(reply) : http.sendReply(reply);
  // Commands from the server, over MQTT or in HTTP answers, to the devices by serial (their pollers' queues).
  const targets = new Map<string, DevicePoller>();
  const commands = new CommandDispatcher(targets, sendReply, {
    serial: config.collector.serial,
    log,
    // The self-update's entry (src/update/): a firmwareUpgrade command to the agent's own serial goes there.
    ...(options.upgrade ? { upgrade: options.upgrade } : {}),
  });
  let collected: TelemetryReading[] = [];
  /** Polls ended (read or failed) since the last batch. */
  let ended = 0;
  let droppedReported = journal.droppedReadings;
  const flush = (): void => {
    ended = 0;
    nameTargets();
    // What it found of its devices, or their errors, changed (a round where every poll failed too): the server
    // hears it with the round.
    let announce = reporter.renew(links);
    if (collected.length > 0) {
      const readings = collected;
      collected = [];
      link.sendTelemetry(readings);
      void http?.deliver();
      days.save();
    }
    if (journal.droppedReadings > droppedReported) {
      log(
        `buffer full: ${journal.droppedReadings - droppedReported} oldest reading(s) dropped (${journal.droppedReadings} in all)`,
      );
      droppedReported = journal.droppedReadings;
      announce = true;
    }
    // The server hears a changed status now if it can (else at the next connect, which says the status anyway;
    // over HTTP the changed status goes before the next batch).
    if (announce) void link.announce();
  };
  const {
    queues,
    pollers: all,
    links,
  } = pollers(config, (result) => {
    if (result.error) log(`${result.sn}: ${result.error.message}`);
    const reading = toReading(result, config, days.map);
    if (reading) collected.push(reading);
    // The round's batch goes as soon as its last device has answered (or failed), not at the interval's end:
    // a reading reaches the console seconds after its registers were read, not a whole interval later.
    if (++ended >= all.length) flush();
  });
  // By the serial each device goes by; a device named by discovery gets it after its first poll (see flush).
  const nameTargets = (): void => {
    for (const p of all) targets.set(p.sn, p);
  };
  nameTargets();
  // At the latest a batch per interval: a poll still running (a slow link, a device timing out) does not hold
  // back the readings of the others beyond it.
  const flushTimer = setInterval(flush, config.intervalS * 1000);
  let stopped = false;
  /** Once connected, the status is said again and waited for: its acknowledgement is the server hearing us. */
  const heardOverMqtt = async (): Promise<void> => {
    while (!stopped) {
      if (link.connected) {
        await link.announce();
        if (link.connected) return options.onServerReached?.(sendReply);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000).unref());
    }
  };
  if (mqttUrl)
    link
      .start()
      .then(heardOverMqtt)
      .catch((err: Error) => log(`server refused the collector: ${err.message}`));
  http?.start();
  for (const p of all) p.start();
  return {
    link,
    commands,
    journal,
    async stop() {
      stopped = true;
      clearInterval(flushTimer);
      commands.stop();
      await http?.stop();
      for (const p of all) p.stop();
      flush();
      await Promise.all(queues.map((q) => q.close()));
      await link.stop();
      journal.close();
    },
  };
}
