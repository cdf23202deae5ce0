import { EventEmitter } from 'node:events';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  TERMINAL_STATES,
  commandReply,
  type CommandMessage,
  type CommandPush,
  type CommandReason,
  type CommandReply,
  type CommandState,
  type RouteName,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { AppError, forbidden } from '../../http/AppError.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { hasPermission } from '../auth/guards.ts';
import { collectors } from '../devices/tables.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { GroupQueue } from '../../db/GroupQueue.ts';
import { batchBeyondScope, openCommandCounts, pushOf, type OpenCommandCounts } from './queries.ts';
import { replySteps } from './replySteps.ts';
import {
  auditedUpdate,
  idsLockedInOrder,
  lockedInIdOrder,
  moveCommands,
  recordOf,
  type CommandRecord,
  type Move,
  type Patch,
} from './stateMachine.ts';
import { commandBatches, commands } from './tables.ts';
import { dieNow, type CrashPoint } from './testCrashPoint.ts';
import { READ_BACK, WRITE_KINDS, messageOf, profileOf, readBackOf } from './wire.ts';

/** What the four-eyes rule looks at in a batch: its author, its screen, whether the caller sees all of its devices. */
export interface BatchDecider {
  createdById: number;
  route: string;
  partialView: boolean;
}

/**
 * Why `caller` may not decide on a batch, or null: the decider holds the batch's screen, sees every one of its
 * devices (a partial view never decides on the whole) and is not its author.
 */
function decisionRefusal(caller: AuthContext, batch: BatchDecider): MessageKey | null {
  if (!hasPermission(caller, batch.route as RouteName)) return 'forbidden';
  if (batch.partialView) return 'commands.batchBeyondScope';
  if (batch.createdById === caller.userId) return 'commands.ownBatch';
  return null;
}

/** Sends a message to a collector's `down/cmd` (the device link's `sendToDevice`). */
export type SendToDevice = (collectorSerial: string, message: CommandMessage) => Promise<unknown>;

export interface CommandEvents {
  /** Commands that changed state, each with the plant it belongs to (for the caller's scope). */
  changed: [changes: { plantId: number; push: CommandPush }[]];
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A sent command not acknowledged after this long is sent again (the device deduplicates by id) [ms]. */
export const RESEND_AFTER_MS = 20_000;

/**
 * Takes a device's `progress` replies (a firmware transfer's chunk requests and stages): the firmware module
 * registers it, so that the transfer stays a command's while its bytes are the firmware module's.
 */
export type ProgressTaker = (collectorSerial: string, reply: CommandReply) => Promise<void>;

/** A device's reply, read and waiting for its group. */
interface PendingReply {
  collectorSerial: string;
  /** The command's id (without the read-back suffix). */
  id: string;
  isReadBack: boolean;
  reply: CommandReply;
}

/** Times a reply is tried again when another writer moved its command between the read and the update. */
const REPLY_ATTEMPTS = 3;

/** Open commands whose last stored row this instance keeps, so that their replies need no read. */
const KNOWN_MAX = 20_000;

/** How far along a state is: queued, sent, acked, then any end. */
const progressOf = (state: CommandState): number =>
  TERMINAL_STATES.includes(state) ? 3 : ['queued', 'sent', 'acked'].indexOf(state);

/**
 * Runs commands through their state machine (docs/device-protocol.md "Commands"): sends queued ones to online
 * collectors, takes the devices' replies, reads back every write before calling it applied, re-sends what was not
 * acknowledged, and ends what outlived its time-to-live. Every state change is pushed on `events` and every end is
 * written to the operation log with it. All of it is idempotent and driven by the database, so that a restart (or
 * another instance) continues where this one stopped.
 *
 * The per-command database steps go in groups (`GroupQueue`): the `sent` marks of everything published meanwhile
 * are one UPDATE, and the replies that arrived meanwhile are one read and one conditional UPDATE (with the audit
 * of those that ended), whatever their number.
 */
export class CommandCenter {
  readonly events = new EventEmitter<CommandEvents>();

  private readonly resendAfterMs: number;
  private readonly crashAt: CrashPoint | undefined;
  private readonly marks = new GroupQueue<CommandRecord, CommandRecord | undefined>((published) =>
    this.markSent(published),
  );
  private readonly replies = new GroupQueue<PendingReply, void>((group) => this.takeReplies(group));
  private readonly results = new GroupQueue<{ id: string; result: unknown }, CommandRecord | undefined>(
    (group) => this.storeResults(group),
  );
  /**
   * The rows of open commands as this instance last stored or read them, oldest first. A reply is worked out
   * from here without a read; the conditional UPDATE finds out when another writer moved the command meanwhile,
   * and the command is then read again.
   */
  private readonly known = new Map<string, CommandRecord>();
  private progressTaker: ProgressTaker | undefined;
  /** Per command, the last `progress` reply being taken: a final reply waits for it (see `onReply`). */
  private readonly progressing = new Map<string, Promise<void>>();
  /** The state changes pushed on `events` since this instance started, by the new state (for the metrics). */
  private readonly changesSeen = new Map<CommandState, number>();

  constructor(
    private readonly db: Database,
    private readonly send: SendToDevice,
    private readonly log: Logger,
    /**
     * `resendAfterMs`: {@link RESEND_AFTER_MS} unless a test needs its crash trials quicker. `crashAt`: the
     * process dies there when it sends new commands (tests only, `testCrashPoint`).
     */
    options: { resendAfterMs?: number; crashAt?: CrashPoint | undefined } = {},
  ) {
    this.resendAfterMs = options.resendAfterMs ?? RESEND_AFTER_MS;
    this.crashAt = options.crashAt;
    // One listener per open stream (a console tab each).
    this.events.setMaxListeners(0);
    // Counted as pushed, so that the changes other instances fan out to this one count as well.
    this.events.on('changed', (changes) => {
      for (const { push } of changes)
        this.changesSeen.set(push.state, (this.changesSeen.get(push.state) ?? 0) + 1);
    });
  }

  /** The state changes pushed on `events` since this instance started, by the new state. */
  changeCounts(): ReadonlyMap<CommandState, number> {
    return this.changesSeen;
  }

  /** The commands not ended yet, by state: the whole fleet's, from the database. */
  openCounts(): Promise<OpenCommandCounts> {
    return openCommandCounts(this.db);
  }

  private remember(rows: CommandRecord[]): void {
    for (const r of rows) {
      // A command only moves forward (COMMAND_TRANSITIONS): a row in an earlier state than the one known is an
      // older read, e.g. openCommand's SELECT that began before a reply moved the command and came back after
      // the move was remembered. Kept, it hid the move for good: a firmware transfer read `queued` from it for
      // every chunk request of an acknowledged upgrade, and the device waited until its time-to-live.
      const prior = this.known.get(r.id);
      if (prior && progressOf(prior.state) > progressOf(r.state)) continue;
      this.known.delete(r.id);
      if (!TERMINAL_STATES.includes(r.state)) this.known.set(r.id, r);
    }
    for (const id of this.known.keys()) {
      if (this.known.size <= KNOWN_MAX) break;
      this.known.delete(id);
    }
  }

  /** Pushes the new states of `rows` on `events` (and keeps them as the last known rows). */
  private emit(rows: CommandRecord[]): void {
    this.remember(rows);
    if (rows.length > 0)
      this.events.emit(
        'changed',
        rows.map((c) => ({ plantId: c.plantId, push: pushOf(c) })),
      );
  }

  /** Publishes one command (or its read-back); a failure to publish leaves it where it was, for the next turn. */
  private async publish(c: CommandRecord, message: CommandMessage): Promise<boolean> {
    try {
      await this.send(c.collectorSerial, message);
      return true;
    } catch (err) {
      this.log.warn({ err, cmdId: c.id }, 'command not published');
      return false;
    }
  }

  /**
   * Publishes `due` (queued, or sent and due again) and then marks them `sent`: a crash in between leaves a
   * command `queued`, and it goes again (the device applies a command id at most once).
   */
  private async publishAll(due: CommandRecord[], crashAt?: CrashPoint): Promise<CommandRecord[]> {
    if (due.length > 0 && crashAt === 'beforePublish') dieNow();
    const published = await Promise.all(
      due.map(async (c) => ((await this.publish(c, messageOf(c, profileOf(c)))) ? c : undefined)),
    );
    if (due.length > 0 && crashAt === 'afterPublish') dieNow();
    const marked = await Promise.all(published.flatMap((c) => (c ? [this.marks.add(c)] : [])));
    return marked.filter((c): c is CommandRecord => c !== undefined);
  }

  /** One UPDATE for every command published meanwhile: queued ones become `sent`, re-sent ones are counted. */
  private async markSent(published: CommandRecord[]): Promise<(CommandRecord | undefined)[]> {
    const rows = await this.db
      .update(commands)
      .set({ state: 'sent', sentAt: new Date(), sends: sql`${commands.sends} + 1` })
      .where(
        and(
          inArray(commands.id, [...new Set(published.map((c) => c.id))]),
          inArray(commands.state, ['queued', 'sent']),
          idsLockedInOrder(sql`${commands.id}`, [...new Set(published.map((c) => c.id))]),
        ),
      )
      .returning();
    this.remember(rows);
    const wasQueued = new Set(published.filter((c) => c.state === 'queued').map((c) => c.id));
    this.emit(rows.filter((r) => wasQueued.has(r.id)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return published.map((c) => byId.get(c.id));
  }

  /**
   * Sends commands just created (`createCommands`) whose collector is online, without reading them again; the
   * others wait for the command job or their collector's return. A test's crash point is here: between storing a
   * command and publishing it, or between publishing it and marking it `sent`. Returns the rows marked `sent`.
   */
  async dispatchCreated(created: CommandRecord[]): Promise<CommandRecord[]> {
    this.remember(created);
    return this.publishAll(created, this.crashAt);
  }

  /**
   * Sends the queued (and re-sends the unacknowledged) commands of online collectors: all of them, or those of
   * `ids` or of one collector; and asks again for the read-backs of their writes acknowledged long ago (the
   * read-back or its answer was lost). For one collector (it has just come online) nothing unanswered waits.
   */
  async dispatch(only?: { ids?: string[]; collectorSerial?: string; collectorId?: number }): Promise<number> {
    const now = new Date();
    // A collector that has just connected lost whatever was in flight (a clean session): its unanswered commands
    // and read-backs go again at once; otherwise after `resendAfterMs`.
    const resendBefore = new Date(
      only?.collectorId !== undefined || only?.collectorSerial
        ? now.getTime()
        : now.getTime() - this.resendAfterMs,
    );
    const which = [
      ...(only?.ids ? [inArray(commands.id, only.ids)] : []),
      ...(only?.collectorSerial ? [eq(commands.collectorSerial, only.collectorSerial)] : []),
      ...(only?.collectorId !== undefined
        ? [
            sql`${commands.collectorSerial} = (select co.serial from ${collectors} co where co.id = ${only.collectorId})`,
          ]
        : []),
    ];
    const due = await this.db
      .select()
      .from(commands)
      .where(
        and(
          isNotNull(commands.expiresAt),
          sql`${commands.expiresAt} > ${now}`,
          sql`(${commands.state} = 'queued' or (${commands.state} = 'sent' and ${commands.sentAt} < ${resendBefore}))`,
          sql`exists (select 1 from ${collectors} co where co.serial = ${commands.collectorSerial} and co.online)`,
          ...which,
        ),
      )
      .orderBy(commands.createdAt)
      .limit(5000);
    await this.publishAll(due);
    const unread = await this.db
      .select()
      .from(commands)
      .where(
        and(
          eq(commands.state, 'acked'),
          inArray(commands.kind, [...WRITE_KINDS]),
          lt(commands.ackedAt, resendBefore),
          ...which,
        ),
      )
      .limit(5000);
    // Every message made before the first is published: a throw amid them would leave those sent unawaited.
    const readBacks = unread.map((c) => [c, readBackOf(c, profileOf(c))] as const);
    await Promise.all(readBacks.map(([c, message]) => this.publish(c, message)));
    return due.length;
  }

  /** Ends every open command past its time-to-live: `expired`, never delivered after. */
  async expire(): Promise<number> {
    const rows = await auditedUpdate(
      this.db,
      sql`update commands set state = 'expired', reason = 'expired', finished_at = now()
        where state in ('queued', 'sent', 'acked') and expires_at is not null and expires_at < now()
          and ${lockedInIdOrder(
            sql`commands.id`,
            sql`locked.state in ('queued', 'sent', 'acked') and locked.expires_at < now()`,
          )}`,
    );
    this.emit(rows);
    return rows.length;
  }

  /**
   * A user cancels a queued command; undefined when it is no longer queued (the caller answers 409). A sent one
   * may be on its way to being applied, so a user never cancels it.
   */
  async cancel(id: string): Promise<CommandRecord | undefined> {
    const [row] = await moveCommands(this.db, [
      { id, from: ['queued'], to: 'cancelled', patch: { reason: 'cancelled', finishedAt: new Date() } },
    ]);
    if (row) this.emit([row]);
    return row;
  }

  /** Registers the one taker of `progress` replies; returns its removal. */
  onProgress(taker: ProgressTaker): () => void {
    this.progressTaker = taker;
    return () => {
      if (this.progressTaker === taker) this.progressTaker = undefined;
    };
  }

  /** An open command as this instance last stored it, or read now; undefined when unknown or finished. */
  async openCommand(id: string): Promise<CommandRecord | undefined> {
    const known = this.known.get(id);
    if (known) return known;
    const [row] = await this.db.select().from(commands).where(eq(commands.id, id));
    if (!row || TERMINAL_STATES.includes(row.state)) return undefined;
    this.remember([row]);
    return this.known.get(id) ?? row;
  }

  /**
   * Stores what a command in progress reports (a firmware transfer's stage and percentage) without moving its
   * state, and pushes it; undefined when the command has moved on (finished, or never sent). Stored in groups:
   * one UPDATE for every report that arrived meanwhile.
   */
  storeResult(id: string, result: unknown): Promise<CommandRecord | undefined> {
    return this.results.add({ id, result });
  }

  private async storeResults(
    group: { id: string; result: unknown }[],
  ): Promise<(CommandRecord | undefined)[]> {
    // The last report of a command wins.
    const last = new Map(group.map((g) => [g.id, g.result]));
    const json = JSON.stringify([...last].map(([id, result]) => ({ id, result })));
    const raw = await rowsOf<Record<string, unknown>>(
      this.db,
      // Merged into what is stored: a key the reporter does not keep (an upgrade's `released`) stays.
      sql`update commands c set result = coalesce(c.result, '{}'::jsonb) || m.result
        from jsonb_to_recordset(${json}::jsonb) as m(id text, result jsonb)
        where c.id = m.id and c.state in ('sent', 'acked')
          and c.id = any(${sql.param([...last.keys()])}::text[])
          and ${idsLockedInOrder(sql`c.id`, [...last.keys()])} returning c.*`,
    );
    const rows = raw.map(recordOf);
    this.emit(rows);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return group.map((g) => byId.get(g.id));
  }

  /**
   * Publishes an acknowledged command's own message again (a firmware transfer its device stopped asking for: a
   * device answers the repeat of an upgrade's start by going on from the chunks it kept, or from the first when
   * it lost them). False when it could not go.
   */
  sendAgain(c: CommandRecord): Promise<boolean> {
    return this.publish(c, messageOf(c, profileOf(c)));
  }

  /** Fails those of `ids` still acked, for `reason` (the server gave up on them); answers the rows it ended. */
  async failAcked(ids: readonly string[], reason: CommandReason): Promise<CommandRecord[]> {
    if (ids.length === 0) return [];
    const rows = await auditedUpdate(
      this.db,
      sql`update commands set state = 'failed', reason = ${reason}, finished_at = now()
        where id = any(${sql.param([...ids])}::text[]) and state = 'acked'
          and ${idsLockedInOrder(sql`commands.id`, ids)}`,
    );
    this.emit(rows);
    return rows;
  }

  /** Publishes a message that belongs to an open command (a firmware chunk): false when it could not go. */
  publishFor(c: CommandRecord, message: CommandMessage): Promise<boolean> {
    return this.publish(c, message);
  }

  /**
   * Cancels those of `ids` still acked (a cancelled rollout's held downloads: the device has the image and waits
   * for its maintenance window) and tells each device to drop its image; answers the cancelled rows. Those that
   * moved meanwhile (failed), or whose go-ahead to install was sent (`released` in their result, set by the
   * same kind of conditional UPDATE, so that exactly one of the two wins), go on and end with what the device
   * reports.
   */
  async cancelHeld(
    ids: readonly string[],
    tell: (c: CommandRecord) => CommandMessage,
  ): Promise<CommandRecord[]> {
    if (ids.length === 0) return [];
    const rows = await auditedUpdate(
      this.db,
      sql`update commands set state = 'cancelled', reason = 'cancelled', finished_at = now()
        where id = any(${sql.param([...ids])}::text[]) and state = 'acked'
          and ${idsLockedInOrder(sql`commands.id`, ids)}
          and not coalesce((result->>'released')::boolean, false)`,
    );
    this.emit(rows);
    const told = rows.map((c) => [c, tell(c)] as const);
    await Promise.all(told.map(([c, message]) => this.publish(c, message)));
    return rows;
  }

  /** Cancels those of `ids` still queued (a cancelled rollout's devices not started); the others go on. */
  async cancelQueued(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await auditedUpdate(
      this.db,
      sql`update commands set state = 'cancelled', reason = 'cancelled', finished_at = now()
        where id = any(${sql.param([...ids])}::text[]) and state = 'queued'
          and ${idsLockedInOrder(sql`commands.id`, ids)}`,
    );
    this.emit(rows);
    return rows.length;
  }

  /**
   * A device's `up/reply` (docs/device-protocol.md "Commands", `replySteps`); resolves once it is stored and what
   * it caused (a write's read-back) is sent. Replies to finished commands, to other collectors' commands or to
   * unknown ids are ignored.
   */
  async onReply(collectorSerial: string, payload: Buffer | string): Promise<void> {
    let reply;
    try {
      reply = commandReply.parse(JSON.parse(payload.toString()));
    } catch {
      this.log.warn({ collectorSerial }, 'unreadable command reply');
      return;
    }
    if (reply.state === 'progress' && this.progressTaker) {
      const taken = this.progressTaker(collectorSerial, reply).catch((err: unknown) => {
        this.log.error({ err, cmdId: reply.cmdId }, 'command progress not taken');
      });
      this.progressing.set(reply.cmdId, taken);
      await taken;
      if (this.progressing.get(reply.cmdId) === taken) this.progressing.delete(reply.cmdId);
      return;
    }
    const isReadBack = reply.cmdId.endsWith(READ_BACK);
    const id = isReadBack ? reply.cmdId.slice(0, -READ_BACK.length) : reply.cmdId;
    // A final reply builds on the result its progress replies stored (an upgrade's percentage and bytes sent);
    // one that overtook the last of them would end the command on an older result, which is then never updated.
    await this.progressing.get(id);
    await this.replies.add({ collectorSerial, id, isReadBack, reply });
  }

  /** The replies that arrived meanwhile, together; those whose command another writer moved are tried again. */
  private async takeReplies(group: PendingReply[]): Promise<void[]> {
    let pending = group;
    for (let attempt = 0; attempt < REPLY_ATTEMPTS && pending.length > 0; attempt++) {
      // What lost a race is read again.
      if (attempt > 0) for (const r of pending) this.known.delete(r.id);
      pending = await this.applyReplies(pending);
    }
    return group.map(() => undefined);
  }

  /**
   * Reads the commands of `group` at once, works out each one's steps in the order its replies came, and stores
   * every command's end state in one conditional UPDATE (from the state it was read in). Returns the replies of
   * commands that were moved by someone else in between.
   */
  private async applyReplies(group: PendingReply[]): Promise<PendingReply[]> {
    const unknown = [...new Set(group.map((r) => r.id))].filter((id) => !this.known.has(id));
    const rows =
      unknown.length > 0 ? await this.db.select().from(commands).where(inArray(commands.id, unknown)) : [];
    const read = new Map(rows.map((r) => [r.id, r]));
    for (const r of group) if (this.known.has(r.id)) read.set(r.id, this.known.get(r.id)!);
    const now = new Date();
    const plans = new Map<
      string,
      {
        seen: CommandRecord;
        states: CommandRecord[];
        patch: Patch;
        readBack: boolean;
        replies: PendingReply[];
      }
    >();
    for (const r of group) {
      const seen = read.get(r.id);
      if (!seen || seen.collectorSerial !== r.collectorSerial) continue;
      const plan = plans.get(r.id) ?? { seen, states: [], patch: {}, readBack: false, replies: [] };
      plans.set(r.id, plan);
      plan.replies.push(r);
      const { steps, readBack } = replySteps(plan.states.at(-1) ?? seen, r.reply, r.isReadBack, now);
      for (const step of steps) {
        Object.assign(plan.patch, step.patch);
        plan.states.push({ ...(plan.states.at(-1) ?? seen), ...step.patch, state: step.to });
      }
      plan.readBack ||= readBack;
    }
    const moving = [...plans.values()].filter((p) => p.states.length > 0);
    const moves = moving.map((p): Move => ({
      id: p.seen.id,
      from: [p.seen.state],
      via: p.states.slice(0, -1).map((s) => s.state),
      to: p.states.at(-1)!.state,
      patch: p.patch,
    }));
    const stored = await moveCommands(this.db, moves);
    const moved = new Map(stored.map((r) => [r.id, r]));
    // Every state a command passed through is pushed, the last one as stored.
    this.emit(
      moving.flatMap((p) => (moved.has(p.seen.id) ? [...p.states.slice(0, -1), moved.get(p.seen.id)!] : [])),
    );
    const readBacks = moving.flatMap((p) => {
      const row = moved.get(p.seen.id);
      return row && p.readBack && row.state === 'acked'
        ? [[row, readBackOf(row, profileOf(row))] as const]
        : [];
    });
    await Promise.all(readBacks.map(([row, message]) => this.publish(row, message)));
    return moving.filter((p) => !moved.has(p.seen.id)).flatMap((p) => p.replies);
  }

  /**
   * Whether `caller` may approve or reject a batch waiting for a second user (the rule `decideBatch` applies):
   * `partialView` when the caller does not see every one of its devices.
   */
  mayDecide(caller: AuthContext, batch: BatchDecider): boolean {
    return decisionRefusal(caller, batch) === null;
  }

  /**
   * Approves (or rejects) a batch waiting for a second user: someone other than its author, holding its screen,
   * who sees every one of its devices (a partial view never decides on the whole), and only while it waits (409
   * once decided). Its time-to-live starts now. The approved commands are sent
   * after the decision is answered: the approver need not wait while hundreds go out, and what this misses (a
   * crash, a collector offline) the command job sends, as for any queued command.
   */
  async decideBatch(caller: AuthContext, batchId: string, approve: boolean): Promise<void> {
    const partialView = await batchBeyondScope(this.db, caller, batchId);
    const [row] = await this.db.select().from(commandBatches).where(eq(commandBatches.id, batchId));
    const refusal = decisionRefusal(caller, { createdById: row!.createdBy, route: row!.route, partialView });
    if (refusal) throw forbidden(refusal);
    const decided = await this.db
      .update(commandBatches)
      .set({
        needsApproval: approve ? 'approved' : 'rejected',
        approvedBy: caller.userId,
        approvedAt: new Date(),
      })
      .where(and(eq(commandBatches.id, batchId), eq(commandBatches.needsApproval, 'pending')))
      .returning();
    if (decided.length === 0) throw new AppError(409, 'commands.notAwaitingApproval');
    if (approve) {
      await this.db
        .update(commands)
        .set({ expiresAt: new Date(Date.now() + row!.ttlS * 1000) })
        .where(and(eq(commands.batchId, batchId), eq(commands.state, 'queued')));
      void this.idsOf(batchId)
        .then((ids) => this.dispatch({ ids }))
        .catch((err: unknown) => this.log.warn({ err, batchId }, 'approved batch not sent yet'));
    } else {
      const rows = await auditedUpdate(
        this.db,
        sql`update commands set state = 'cancelled', reason = 'rejected', finished_at = now()
          where batch_id = ${batchId} and state = 'queued'
            and ${lockedInIdOrder(sql`commands.id`, sql`locked.batch_id = ${batchId} and locked.state = 'queued'`)}`,
      );
      this.emit(rows);
    }
  }

  private async idsOf(batchId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: commands.id })
      .from(commands)
      .where(eq(commands.batchId, batchId));
    return rows.map((r) => r.id);
  }
}
