import { EventEmitter } from 'node:events';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  TERMINAL_STATES,
  commandReply,
  profileById,
  type CommandMessage,
  type CommandPush,
  type CommandReason,
  type PointValues,
  type SettingsProfile,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { operationLog } from '../audit/tables.ts';
import { collectors } from '../devices/tables.ts';
import { users } from '../users/tables.ts';
import { pushOf } from './queries.ts';
import { moveCommand, type CommandRecord } from './stateMachine.ts';
import { commands } from './tables.ts';
import {
  READ_BACK,
  WRITE_KINDS,
  messageOf,
  pointsOf,
  readBackMatches,
  readBackOf,
  type RegisterValues,
  type SettingParams,
} from './wire.ts';

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

const profileOf = (c: CommandRecord): SettingsProfile | undefined => {
  const id = (c.params as Partial<SettingParams>).profileId;
  return id ? profileById(id) : undefined;
};

/**
 * Runs commands through their state machine (docs/device-protocol.md "Commands"): sends queued ones to online
 * collectors, takes the devices' replies, reads back every write before calling it applied, re-sends what was not
 * acknowledged, and ends what outlived its time-to-live. Every state change is pushed on `events` and every end is
 * written to the operation log. All of it is idempotent and driven by the database, so that a restart (or another
 * instance) continues where this one stopped.
 */
export class CommandCenter {
  readonly events = new EventEmitter<CommandEvents>();

  private readonly resendAfterMs: number;

  constructor(
    private readonly db: Database,
    private readonly send: SendToDevice,
    private readonly log: Logger,
    /** `resendAfterMs`: {@link RESEND_AFTER_MS} unless a test needs its crash trials quicker. */
    options: { resendAfterMs?: number } = {},
  ) {
    this.resendAfterMs = options.resendAfterMs ?? RESEND_AFTER_MS;
    // One listener per open stream (a console tab each).
    this.events.setMaxListeners(0);
  }

  private emit(rows: CommandRecord[]): void {
    if (rows.length > 0)
      this.events.emit(
        'changed',
        rows.map((c) => ({ plantId: c.plantId, push: pushOf(c) })),
      );
  }

  /** Writes the end of a command to the operation log: actor, target, parameters, old and new values, result. */
  private async audit(rows: CommandRecord[]): Promise<void> {
    const ended = rows.filter((c) => TERMINAL_STATES.includes(c.state));
    if (ended.length === 0) return;
    // The log names its actor by account code (the logList screen filters by it).
    const actors = await this.db
      .select({ id: users.id, userCode: users.userCode })
      .from(users)
      .where(inArray(users.id, [...new Set(ended.map((c) => c.createdBy))]));
    const codeOf = new Map(actors.map((a) => [a.id, a.userCode]));
    await this.db.insert(operationLog).values(
      ended.map((c) => ({
        userId: c.createdBy,
        userCode: codeOf.get(c.createdBy) ?? null,
        action: `command ${c.kind}`,
        method: 'CMD',
        path: `/commands/${c.id}`,
        target: c.deviceSerial,
        ip: '',
        result: c.state === 'applied' ? ('success' as const) : ('failure' as const),
        status: c.state === 'applied' ? 200 : 409,
        detail: {
          commandId: c.id,
          state: c.state,
          reason: c.reason,
          reasonDetail: c.reasonDetail,
          params: c.params,
          oldValues: c.oldValues,
          newValues: c.newValues,
        },
      })),
    );
  }

  private async changed(rows: (CommandRecord | undefined)[]): Promise<void> {
    const done = rows.filter((r): r is CommandRecord => r !== undefined);
    this.emit(done);
    await this.audit(done).catch((err: unknown) => this.log.error({ err }, 'command audit failed'));
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
   * Sends the queued (and re-sends the unacknowledged) commands of online collectors: all of them, or those of
   * `ids`. A command is marked `sent` after its publish; a crash in between leaves it `queued`, and it goes again
   * (the device applies a command id at most once).
   */
  async dispatch(only?: { ids?: string[]; collectorSerial?: string; collectorId?: number }): Promise<number> {
    const now = new Date();
    const conds = [
      isNotNull(commands.expiresAt),
      sql`${commands.expiresAt} > ${now}`,
      sql`(${commands.state} = 'queued' or (${commands.state} = 'sent' and ${commands.sentAt} < ${new Date(
        now.getTime() - this.resendAfterMs,
      )}))`,
      sql`exists (select 1 from ${collectors} co where co.serial = ${commands.collectorSerial} and co.online)`,
    ];
    if (only?.ids) conds.push(inArray(commands.id, only.ids));
    if (only?.collectorSerial) conds.push(eq(commands.collectorSerial, only.collectorSerial));
    if (only?.collectorId !== undefined)
      conds.push(
        sql`${commands.collectorSerial} = (select co.serial from ${collectors} co where co.id = ${only.collectorId})`,
      );
    const due = await this.db
      .select()
      .from(commands)
      .where(and(...conds))
      .orderBy(commands.createdAt)
      .limit(5000);
    const moved: (CommandRecord | undefined)[] = [];
    await Promise.all(
      due.map(async (c) => {
        if (!(await this.publish(c, messageOf(c, profileOf(c))))) return;
        const patch = { sentAt: new Date(), sends: c.sends + 1 };
        if (c.state === 'queued') moved.push(await moveCommand(this.db, c.id, 'sent', patch));
        else await this.db.update(commands).set(patch).where(eq(commands.id, c.id));
      }),
    );
    await this.changed(moved);
    // Writes acknowledged but not yet read back (the read-back or its answer was lost): ask again.
    const unread = await this.db
      .select()
      .from(commands)
      .where(
        and(
          eq(commands.state, 'acked'),
          inArray(commands.kind, [...WRITE_KINDS]),
          lt(commands.ackedAt, new Date(now.getTime() - this.resendAfterMs)),
          ...(only?.collectorSerial ? [eq(commands.collectorSerial, only.collectorSerial)] : []),
          ...(only?.collectorId !== undefined
            ? [
                sql`${commands.collectorSerial} = (select co.serial from ${collectors} co where co.id = ${only.collectorId})`,
              ]
            : []),
        ),
      )
      .limit(5000);
    await Promise.all(unread.map((c) => this.publish(c, readBackOf(c, profileOf(c)))));
    return due.length;
  }

  /** Ends every open command past its time-to-live: `expired`, never delivered after. */
  async expire(): Promise<number> {
    const rows = await this.db
      .update(commands)
      .set({ state: 'expired', reason: 'expired', finishedAt: new Date() })
      .where(
        and(
          inArray(commands.state, ['queued', 'sent', 'acked']),
          isNotNull(commands.expiresAt),
          lt(commands.expiresAt, new Date()),
        ),
      )
      .returning();
    await this.changed(rows);
    return rows.length;
  }

  /** Cancels a queued command; undefined when it is no longer queued (the caller answers 409). */
  async cancel(id: string): Promise<CommandRecord | undefined> {
    const row = await moveCommand(this.db, id, 'cancelled', { reason: 'cancelled', finishedAt: new Date() });
    await this.changed([row]);
    return row;
  }

  private async fail(c: CommandRecord, reason: CommandReason, detail?: string, newValues?: PointValues) {
    return moveCommand(this.db, c.id, 'failed', {
      reason,
      reasonDetail: detail ?? null,
      finishedAt: new Date(),
      ...(newValues ? { newValues } : {}),
    });
  }

  /**
   * A device's `up/reply`. `accepted` acknowledges (for a write, the read-back goes out at once); `failed` ends
   * the command with the device's reason and it is never re-sent; `succeeded` ends reads and restarts as applied,
   * and the read-back of a write as applied only when the values match (else `failed: notApplied`). Replies to
   * finished commands, to other collectors' commands or to unknown ids are ignored.
   */
  async onReply(collectorSerial: string, payload: Buffer | string): Promise<void> {
    let reply;
    try {
      reply = commandReply.parse(JSON.parse(payload.toString()));
    } catch {
      this.log.warn({ collectorSerial }, 'unreadable command reply');
      return;
    }
    const isReadBack = reply.cmdId.endsWith(READ_BACK);
    const id = isReadBack ? reply.cmdId.slice(0, -READ_BACK.length) : reply.cmdId;
    const [c] = await this.db
      .select()
      .from(commands)
      .where(and(eq(commands.id, id), eq(commands.collectorSerial, collectorSerial)));
    if (!c || TERMINAL_STATES.includes(c.state)) return;
    const moved: (CommandRecord | undefined)[] = [];
    let current: CommandRecord = c;
    // A reply to a command still `queued` (published just before a crash, or before its `sent` was stored).
    if (current.state === 'queued') {
      const sent = await moveCommand(this.db, c.id, 'sent', { sentAt: new Date(), sends: c.sends + 1 });
      if (!sent) return;
      current = sent;
      moved.push(sent);
    }
    const profile = profileOf(current);
    const isWrite = WRITE_KINDS.includes(current.kind);
    if (reply.state === 'failed') {
      moved.push(await this.fail(current, reply.reason === 'expired' ? 'expired' : 'refused', reply.reason));
    } else if (!isReadBack && (reply.state === 'accepted' || reply.state === 'succeeded')) {
      if (current.state === 'sent') {
        const previous = (reply.result as { previous?: RegisterValues } | undefined)?.previous;
        const acked = await moveCommand(this.db, current.id, 'acked', {
          ackedAt: new Date(),
          ...(previous && profile ? { oldValues: pointsOf(profile, previous) } : {}),
        });
        if (!acked) return void (await this.changed(moved));
        current = acked;
        moved.push(acked);
        if (isWrite) await this.publish(current, readBackOf(current, profile));
      }
      if (!isWrite && reply.state === 'succeeded') {
        const result = reply.result ?? null;
        const values =
          current.kind === 'readSettings' && profile
            ? pointsOf(
                profile,
                ((result as { registers?: RegisterValues } | null)?.registers ?? {}) as RegisterValues,
              )
            : null;
        moved.push(
          await moveCommand(this.db, current.id, 'applied', {
            finishedAt: new Date(),
            result: values
              ? { values, revertLeftS: (result as { revertLeftS?: unknown }).revertLeftS ?? {} }
              : result,
            ...(values ? { newValues: values } : {}),
          }),
        );
      }
    } else if (isReadBack && reply.state === 'succeeded' && current.state === 'acked') {
      const { matches, values } = readBackMatches(current, profile, reply.result);
      moved.push(
        matches
          ? await moveCommand(this.db, current.id, 'applied', { finishedAt: new Date(), newValues: values })
          : await this.fail(current, 'notApplied', undefined, values),
      );
    }
    await this.changed(moved);
  }

  /** Approves (or rejects) a batch waiting for a second user: its time-to-live starts now. */
  async decideBatch(batchId: string, ttlS: number, approve: boolean): Promise<void> {
    if (approve) {
      await this.db
        .update(commands)
        .set({ expiresAt: new Date(Date.now() + ttlS * 1000) })
        .where(and(eq(commands.batchId, batchId), eq(commands.state, 'queued')));
      await this.dispatch({ ids: await this.idsOf(batchId) });
    } else {
      const rows = await this.db
        .update(commands)
        .set({ state: 'cancelled', reason: 'rejected', finishedAt: new Date() })
        .where(and(eq(commands.batchId, batchId), eq(commands.state, 'queued')))
        .returning();
      await this.changed(rows);
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
