import type { Worker } from 'node:worker_threads';
import { codeWorker } from '../codeWorker.ts';
import { runsInBackground } from './backgroundWork.ts';
import type { Answer, HostOptions, QueryResult, Request, SentError } from './pgliteProtocol.ts';

/** Parses one value of a type from the server's text (as PGlite's `parsers` option). */
type Parser = (text: string, typeId: number) => unknown;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, Parser>;
}

export interface ThreadResults<R = Record<string, unknown>> {
  rows: R[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  /** `COPY ... TO '/dev/blob'`: what it wrote. */
  blob?: Blob;
}

/** What a transaction's callback is given: queries inside it (the shape Drizzle's PGlite driver calls). */
export interface ThreadTransaction {
  query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<ThreadResults<R>>;
  exec(sql: string): Promise<{ rows: unknown[]; affectedRows?: number }[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** Rolls a transaction back from inside its callback (`rollback()`), as PGlite's own does. */
class RolledBack extends Error {}

/**
 * How many others' statements are answered at most while a background statement waits: under a steady stream of
 * them (a busy ingest) a report still gets a turn every so many, rather than never. Counted, not timed, so that
 * the order of things does not depend on the machine's speed.
 */
export const MAX_PASSES = 8;

/** A background statement not yet sent to the worker (`backgroundWork.ts`). */
interface Held {
  body: DistributiveOmit<Request, 'id'>;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/**
 * PGlite run in a worker thread (`pgliteHost.ts`), with the part of PGlite's interface this server calls:
 * `query`, `exec`, `transaction`, `dumpDataDir`, `close` (decision 0019). A heavy query then costs its caller
 * time and leaves the API's thread free. Drizzle's PGlite driver takes it in PGlite's place.
 *
 * The worker holds the process open only while a request is out, as PGlite in the same thread did not hold it
 * at all: a server that forgot to close it still exits, and a command line waiting for an answer does not.
 *
 * Background statements (`backgroundWork.ts`: a report's pieces) give way: one is sent only when no other
 * statement is out, after the answers' callbacks have sent their next statements, and never two at once. A
 * request's statements then wait for at most the one background statement already running, where before each of
 * them waited for the next piece the report had queued meanwhile (decision 0038). One that has seen
 * `MAX_PASSES` others' statements answered while it waited is sent anyway, after the background statement out if any.
 */
export class PgliteThread {
  readonly waitReady: Promise<void>;
  #worker: Worker;
  #pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; background: boolean }
  >();
  #lastId = 0;
  /** Statements out that are not background ones, and whether a background one is out. */
  #foregroundOut = 0;
  #backgroundOut = false;
  /** Background statements waiting for their turn, oldest first. */
  #held: Held[] = [];
  /** Others' statements answered while the oldest held one waited. */
  #passes = 0;
  #turn: NodeJS.Immediate | undefined;
  #closed = false;
  #ready = false;
  #exited: Promise<void>;

  constructor(options: HostOptions) {
    const transfer = options.loadDataDir ? [options.loadDataDir] : [];
    this.#worker = codeWorker(
      { source: 'db/pgliteHost.ts', built: 'pglite-host.js' },
      { workerData: options, transferList: transfer },
    );
    this.#exited = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#worker.once('error', reject);
      this.#worker.once('exit', (code) => reject(new Error(`the database thread exited (${code})`)));
      const onReady = (a: Answer) => {
        if (a.id !== 0) return;
        this.#worker.off('message', onReady);
        if ('error' in a && a.error) reject(errorOf(a.error));
        else resolve();
      };
      this.#worker.on('message', onReady);
    });
    // Held open until PGlite is ready, then only while a request is out.
    this.waitReady.then(
      () => {
        this.#ready = true;
        if (this.#pending.size === 0) this.#worker.unref();
      },
      () => undefined,
    );
    this.#worker.on('message', (a: Answer) => this.#settle(a));
    this.#worker.on('error', (err) => this.#failAll(err));
    this.#worker.on('exit', (code) => this.#failAll(new Error(`the database thread exited (${code})`)));
  }

  get closed(): boolean {
    return this.#closed;
  }

  async query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<ThreadResults<R>> {
    const parsers = options?.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const r = (await this.#request(
      {
        op: 'query',
        sql,
        ...(params && params.length > 0 ? { params } : {}),
        ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
        ...(rawTypes.length > 0 ? { rawTypes } : {}),
        ...(tx !== undefined ? { tx } : {}),
      },
      // Inside a transaction a statement never waits: the transaction holds the database until it ends.
      tx === undefined && runsInBackground(),
    )) as QueryResult;
    if (rawTypes.length > 0) parseRaw(r, parsers);
    return {
      rows: r.rows as R[],
      fields: r.fields,
      ...(r.affectedRows !== undefined ? { affectedRows: r.affectedRows } : {}),
      ...(r.blob ? { blob: new Blob([r.blob]) } : {}),
    };
  }

  async exec(sql: string, tx?: number): Promise<{ rows: unknown[]; affectedRows?: number }[]> {
    return (await this.#request({ op: 'exec', sql, ...(tx !== undefined ? { tx } : {}) })) as {
      rows: unknown[];
      affectedRows?: number;
    }[];
  }

  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#request({ op: 'begin' })) as number;
    let closed = false;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.query(sql, params, options, id);
      },
      exec: (sql) => (closed ? Promise.reject(new Error('Transaction is closed')) : this.exec(sql, id)),
      rollback: () => Promise.reject(new RolledBack('rolled back')),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      await this.#request({ op: 'end', tx: id, commit: false });
      if (err instanceof RolledBack) return undefined as T;
      throw err;
    }
    closed = true;
    await this.#request({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** The data directory as a tar file (gzip unless `'none'`), as `PGlite.dumpDataDir`. */
  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const bytes = (await this.#request({
      op: 'dump',
      ...(compression ? { compression } : {}),
    })) as ArrayBuffer;
    return new Blob([bytes]);
  }

  /** Closes PGlite (what is committed is on disk when this resolves) and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#failHeld(new Error('PGlite is closed'));
    try {
      await this.#request({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
      await this.#exited;
    }
  }

  #request(body: DistributiveOmit<Request, 'id'>, background = false): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    if (!background) return this.#post(body, false);
    return new Promise((resolve, reject) => {
      this.#held.push({ body, resolve, reject });
      this.#giveTurn();
    });
  }

  #post(body: DistributiveOmit<Request, 'id'>, background: boolean): Promise<unknown> {
    const id = ++this.#lastId;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject, background });
      if (background) this.#backgroundOut = true;
      else this.#foregroundOut++;
      this.#worker.postMessage({ ...body, id } as Request);
    });
  }

  /** Sends the oldest held background statement when its turn has come (see the class's comment). */
  #giveTurn() {
    if (this.#held.length === 0 || this.#backgroundOut) return;
    if (this.#passes >= MAX_PASSES) this.#sendHeld();
    // An answer's callbacks send the statement that follows it before an immediate runs: a request's next
    // statement goes first.
    else if (this.#foregroundOut === 0)
      this.#turn ??= setImmediate(() => {
        this.#turn = undefined;
        if (this.#foregroundOut === 0) this.#sendHeld();
      });
  }

  #sendHeld() {
    if (this.#backgroundOut) return;
    const held = this.#held.shift();
    if (!held) return;
    this.#passes = 0;
    if (this.#closed) held.reject(new Error('PGlite is closed'));
    else this.#post(held.body, true).then(held.resolve, held.reject);
  }

  #settle(a: Answer) {
    if (a.id === 0) return;
    const p = this.#pending.get(a.id);
    if (!p) return;
    this.#pending.delete(a.id);
    if (p.background) this.#backgroundOut = false;
    else {
      this.#foregroundOut--;
      if (this.#held.length > 0) this.#passes++;
    }
    if (this.#pending.size === 0 && this.#ready) this.#worker.unref();
    if ('ok' in a && a.ok) p.resolve(a.value);
    else if ('error' in a && a.error) p.reject(errorOf(a.error));
    this.#giveTurn();
  }

  #failAll(err: Error) {
    this.#closed = true;
    for (const p of this.#pending.values()) p.reject(err);
    this.#pending.clear();
    this.#failHeld(err);
  }

  /** Held statements will never be sent: their callers learn it. */
  #failHeld(err: Error) {
    clearImmediate(this.#turn);
    this.#turn = undefined;
    this.#passes = 0;
    for (const h of this.#held.splice(0)) h.reject(err);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The error PGlite threw, with its fields (`code`, `detail`, `constraint`...), thrown on this side. */
function errorOf(e: SentError): Error {
  const err = new Error(e.message);
  Object.assign(err, e.fields);
  err.name = e.name;
  return err;
}

/** Applies the caller's parsers to the columns of their types, which the host sent back as text. */
function parseRaw(r: QueryResult, parsers: Record<number, Parser>) {
  const columns = r.fields.flatMap((f, i) => {
    const parse = parsers[f.dataTypeID];
    return parse ? [{ i, name: f.name, type: f.dataTypeID, parse }] : [];
  });
  if (columns.length === 0) return;
  for (const row of r.rows) {
    for (const c of columns) {
      if (Array.isArray(row)) {
        if (row[c.i] !== null) row[c.i] = c.parse(row[c.i] as string, c.type);
      } else {
        const o = row as Record<string, unknown>;
        if (o[c.name] !== null) o[c.name] = c.parse(o[c.name] as string, c.type);
      }
    }
  }
}
