import {
  commandMessage,
  type CollectorStatusMessage,
  type CommandMessage,
  type CommandReply,
} from '@solarops/contracts';
import type { CollectorLink } from '@solarops/simulator/link';
import { postJson } from './httpPost.ts';

export interface HttpDeliveryOptions {
  /** The console's address, e.g. https://console.example.com (the API is under its /prod-api/). */
  url: string;
  serial: string;
  secret: string;
  /** The link whose waiting batches go over HTTP, and which records their acks (on disk, through its store). */
  link: CollectorLink;
  /** How long MQTT must have been down before batches go over HTTP [ms]; 0 when the agent has no MQTT at all. */
  afterMs: number;
  log: (line: string) => void;
  /**
   * What the agent says of itself (version, interval, clock, readings dropped), as over MQTT at each connect: sent
   * over HTTP when HTTP takes over, when it changes (the clock aside), and once an hour besides.
   */
  status?: () => Omit<CollectorStatusMessage, 'state'>;
  /** Called each time the server has taken the status: it has heard this version of the agent. */
  onStatusTaken?: () => void;
  /** Each command an answer carries (the server's `commands`, as MQTT's `down/cmd` would bring them). */
  onCommand?: (message: CommandMessage) => void;
  /** Longest wait for one call's answer [ms]. */
  timeoutMs?: number;
  now?: () => number;
}

const FIRST_RETRY_MS = 5_000;
/** Replies in one call to `/reply` (the server takes at most 100). */
const MAX_REPLIES_PER_CALL = 100;
/** Replies kept while HTTP cannot reach the server; the oldest go first beyond. */
const MAX_WAITING_REPLIES = 1_000;
const LAST_RETRY_MS = 5 * 60_000;
/** A status unchanged is said again this often over HTTP (the clock's offset drifts; MQTT says it per connect). */
const STATUS_EVERY_MS = 60 * 60_000;

/**
 * The way up where MQTT is blocked (a firewall that lets only HTTPS out, a proxy): the batches waiting for their
 * ack are POSTed to `/prod-api/device/v1/telemetry` (and `/event`) with the collector's serial and secret
 * (docs/device-protocol.md, "HTTP"), oldest first, one at a time. The server answers after its commit, so a 200
 * is the batch's ack; a batch the server can never take (400, 413) is acknowledged too, as it is over MQTT; any
 * other failure keeps the batch and tries again later (5 s, doubling to 5 minutes). While MQTT is connected it
 * stays idle: MQTT is the way up, HTTP the fallback, and the link's reconnects go on in the background.
 * Before the batches goes the agent's status (`/prod-api/device/v1/status`), as MQTT says it at each connect.
 */
export class HttpDelivery {
  private mqttSeenAt: number;
  private retryAt = 0;
  private retryMs = 0;
  private usingHttp = false;
  /** The status the server last took over HTTP (without its clock) and when; undefined: to be sent. */
  private statusSent: { key: string; at: number } | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Command replies waiting for the next call to `/reply`, oldest first. */
  private replies: CommandReply[] = [];
  private round: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  private readonly base: URL;
  private readonly auth: string;
  private readonly now: () => number;

  constructor(private readonly options: HttpDeliveryOptions) {
    this.now = options.now ?? Date.now;
    this.mqttSeenAt = this.now();
    this.base = new URL('prod-api/device/v1/', options.url.endsWith('/') ? options.url : `${options.url}/`);
    this.auth = `Basic ${Buffer.from(`${options.serial}:${options.secret}`).toString('base64')}`;
  }

  /** Checks every second whether batches wait and MQTT is down (a check that costs nothing when they do not). */
  start(): void {
    // A round that throws (the buffer on disk failing, say) is logged and tried again at the next tick: a
    // rejection left unawaited here would end the agent.
    this.timer = setInterval(() => {
      this.deliver().catch((err: unknown) =>
        this.options.log(`HTTP: a delivery round failed (${(err as Error).message}); tried again`),
      );
    }, 1000);
  }

  /** Stops, cutting a call in flight short (its batch stays waiting); resolves when the last round is over. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.round;
  }

  /**
   * Sends a command reply with the next call (`/prod-api/device/v1/reply`), as MQTT's `up/reply` would: at once if
   * HTTP carries the agent's traffic now. A reply that cannot go is kept and tried again with the batches.
   */
  sendReply(reply: CommandReply): void {
    this.replies.push(reply);
    // The server re-sends a command it heard nothing of: a reply waiting that long is stale, keep the newest.
    if (this.replies.length > MAX_WAITING_REPLIES)
      this.replies.splice(0, this.replies.length - MAX_WAITING_REPLIES);
    void this.deliver().catch(() => undefined);
  }

  /** Sends what waits over HTTP if MQTT has been down long enough; resolves when this round is over. */
  deliver(): Promise<void> {
    if (this.stopping.signal.aborted) return Promise.resolve();
    if (this.round) return this.round;
    this.round = this.sendWaiting().finally(() => (this.round = undefined));
    return this.round;
  }

  private async sendWaiting(): Promise<void> {
    const { link, log } = this.options;
    const now = this.now();
    if (link.connected) {
      this.mqttSeenAt = now;
      if (this.usingHttp) log('MQTT connected again: batches go over MQTT');
      this.usingHttp = false;
      // MQTT says the status at its connect; when HTTP takes over again, HTTP says it anew.
      this.statusSent = undefined;
      return;
    }
    if (now < this.retryAt || now - this.mqttSeenAt < this.options.afterMs) return;
    const waiting = link.waiting();
    // A status to say goes up on its own too: a round in which every poll failed has no batch, and the server
    // must still hear the agent and its poll errors.
    if (waiting.length === 0 && this.replies.length === 0 && !this.statusDue()) return;
    if (!this.usingHttp && this.options.afterMs > 0) {
      log(`MQTT unreachable for ${Math.round((now - this.mqttSeenAt) / 1000)} s: batches go over HTTP`);
    }
    this.usingHttp = true;
    if (!(await this.sendStatus())) return this.backOff();
    if (!(await this.postReplies())) return this.backOff();
    for (const batch of waiting) {
      // MQTT is back (its reconnect sends the rest), or the agent stops.
      if (link.connected || this.stopping.signal.aborted) return;
      if (!(await this.post(batch.seq, batch.kind, batch.payload))) return this.backOff();
    }
    this.retryMs = 0;
  }

  /** After a failed call: nothing is tried again for 5 s, doubling to 5 minutes. */
  private backOff(): void {
    this.retryMs = Math.min(LAST_RETRY_MS, this.retryMs === 0 ? FIRST_RETRY_MS : this.retryMs * 2);
    this.retryAt = this.now() + this.retryMs;
  }

  /** The status to say now: not taken yet, changed (its clock aside) or taken an hour ago; else undefined. */
  private statusDue() {
    const status = this.options.status?.();
    if (!status) return undefined;
    const { clock, ...rest } = status;
    const key = JSON.stringify(rest);
    if (this.statusSent?.key === key && this.now() - this.statusSent.at < STATUS_EVERY_MS) return undefined;
    return { key, rest, clock };
  }

  /**
   * Says the agent's status if the server has not taken this one yet (or not within the hour); true when it is
   * settled (taken, refused for good, or nothing to say), false to try again later.
   */
  private async sendStatus(): Promise<boolean> {
    const due = this.statusDue();
    if (!due) return true;
    const { key, rest, clock } = due;
    const now = this.now();
    const answer = await this.call('status', JSON.stringify({ state: 'online', ...rest, clock }), 'status');
    if (answer === undefined) return false;
    if (answer.status === 200 || answer.status === 400) {
      if (answer.status === 400)
        this.options.log(`HTTP: the server refused the status (400): ${answer.body}`);
      this.statusSent = { key, at: now };
      if (answer.status === 200) this.options.onStatusTaken?.();
      return true;
    }
    this.logRefusal(answer.status, 'the status');
    return false;
  }

  /** One POST under /prod-api/device/v1/; undefined when no answer came (logged, unless the agent stops). */
  private async call(path: string, payload: string, what: string) {
    try {
      return await postJson(
        new URL(path, this.base),
        payload,
        { authorization: this.auth },
        this.options.timeoutMs ?? 30_000,
        this.stopping.signal,
      );
    } catch (err) {
      if (!this.stopping.signal.aborted)
        this.options.log(`HTTP: ${what} not sent (${(err as Error).message}); kept, tried again later`);
      return undefined;
    }
  }

  private logRefusal(status: number, what: string): void {
    this.options.log(
      status === 401
        ? `HTTP: the server refused the collector's serial or secret (401); ${what} kept`
        : `HTTP: ${what} not stored (${status}); kept, tried again later`,
    );
  }

  /** Hands the commands of an answer to the agent's dispatcher. */
  private takeCommands(body: string): void {
    for (const c of commandsIn(body)) this.options.onCommand?.(c);
  }

  /**
   * Posts the waiting command replies (at most 100 a call, in order); true when they are settled (stored, or
   * refused for good), false to try again later. The answer's commands (a write's read-back) go to the dispatcher.
   */
  private async postReplies(): Promise<boolean> {
    while (this.replies.length > 0) {
      if (this.stopping.signal.aborted) return true;
      const some = this.replies.slice(0, MAX_REPLIES_PER_CALL);
      const answer = await this.call('reply', JSON.stringify(some), 'command replies');
      if (answer === undefined) return false;
      if (answer.status !== 200 && answer.status !== 400) {
        this.logRefusal(answer.status, 'command replies');
        return false;
      }
      this.replies.splice(0, some.length);
      if (answer.status === 400) {
        this.options.log(`HTTP: the server refused command replies (400): ${answer.body}`);
        continue;
      }
      this.takeCommands(answer.body);
    }
    return true;
  }

  /** Posts one batch; true when it is settled (stored, or refused for good), false to try again later. */
  private async post(seq: number, kind: 'telemetry' | 'event', payload: string): Promise<boolean> {
    const { link, log } = this.options;
    const answer = await this.call(kind, payload, `batch ${seq}`);
    if (answer === undefined) return false;
    if (answer.status === 200) {
      link.acknowledge(seq);
      this.takeCommands(answer.body);
      return true;
    }
    if (answer.status === 400 || answer.status === 413) {
      // Sending it again cannot help: the server acknowledges such a batch over MQTT too.
      log(`HTTP: the server refused batch ${seq} (${answer.status}) as malformed or too large; dropped`);
      link.acknowledge(seq);
      return true;
    }
    this.logRefusal(answer.status, `batch ${seq}`);
    return false;
  }
}

/** The commands an answer carries (the server's envelope, `{ code, data: { commands? } }`); malformed ones left out. */
function commandsIn(body: string): CommandMessage[] {
  let commands: unknown;
  try {
    commands = (JSON.parse(body) as { data?: { commands?: unknown } }).data?.commands;
  } catch {
    return [];
  }
  if (!Array.isArray(commands)) return [];
  return commands.flatMap((c) => {
    const parsed = commandMessage.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
}
