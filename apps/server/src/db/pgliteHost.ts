/**
 * The worker thread that runs PGlite (decision 0019): PGlite computes in WebAssembly on the thread that calls it,
 * so a heavy query run on the API's thread stopped the API, the device link and every push until it ended. Here
 * it runs beside them and answers the requests of `PgliteThread` (messages in `pgliteProtocol.ts`).
 *
 * Each request is handed to PGlite as soon as it arrives, so PGlite's own queue keeps them in the order they were
 * sent; a query outside a transaction waits for an open transaction to end, as it did on one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Answer, HostOptions, QueryResult, Request, SentError } from './pgliteProtocol.ts';

if (!parentPort) throw new Error('pgliteHost runs in a worker thread');
const port = parentPort;
const options = workerData as HostOptions;

const send = (answer: Answer, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);

function sentError(err: unknown): SentError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || key === 'length') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { message: err.message, name: err.name, fields };
}

interface OpenTransaction {
  tx: Transaction;
  /** Tells the transaction's callback to commit (true) or roll back. */
  finish: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<unknown>;
}

const open = new Map<number, OpenTransaction>();
let lastTx = 0;

const pglite = new PGlite({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
  // The extensions the migrations create (PostgreSQL ships them in its contrib package).
  extensions: { pg_trgm },
});

function target(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return pglite;
  const t = open.get(tx);
  if (!t) throw new Error('Transaction is closed');
  return t.tx;
}

async function queryResult(req: Extract<Request, { op: 'query' }>): Promise<[QueryResult, ArrayBuffer[]]> {
  const parsers = Object.fromEntries((req.rawTypes ?? []).map((oid) => [oid, (text: string) => text]));
  const r = await target(req.tx).query(req.sql, req.params, { rowMode: req.rowMode, parsers });
  const blob = r.blob ? await r.blob.arrayBuffer() : undefined;
  return [
    {
      rows: r.rows,
      fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      ...(r.affectedRows !== undefined ? { affectedRows: r.affectedRows } : {}),
      ...(blob ? { blob } : {}),
    },
    blob ? [blob] : [],
  ];
}

function begin(): Promise<number> {
  const id = ++lastTx;
  return new Promise<number>((entered, failed) => {
    const done = pglite.transaction(async (tx) => {
      const commit = await new Promise<boolean>((finish) => {
        open.set(id, { tx, finish, done });
        entered(id);
      });
      if (!commit) await tx.rollback();
    });
    // Failing before the callback ran (PGlite closed): the caller learns it; after, `end` reports it.
    done.catch(failed).finally(() => open.delete(id));
  });
}

async function end(tx: number, commit: boolean): Promise<void> {
  const t = open.get(tx);
  if (!t) throw new Error('Transaction is closed');
  t.finish(commit);
  await t.done;
}

async function handle(req: Request): Promise<[unknown, ArrayBuffer[]]> {
  switch (req.op) {
    case 'query':
      return queryResult(req);
    case 'exec': {
      const results = await target(req.tx).exec(req.sql);
      return [results.map((r) => ({ rows: r.rows, affectedRows: r.affectedRows })), []];
    }
    case 'begin':
      return [await begin(), []];
    case 'end':
      return [await end(req.tx, req.commit), []];
    case 'dump': {
      const bytes = await (await pglite.dumpDataDir(req.compression)).arrayBuffer();
      return [bytes, [bytes]];
    }
    case 'close':
      await pglite.close();
      return [undefined, []];
  }
}

port.on('message', (req: Request) => {
  // Started at once (not after an await), so PGlite queues the requests in the order they were sent.
  handle(req).then(
    ([value, transfer]) => {
      send({ id: req.id, ok: true, value }, transfer);
      if (req.op === 'close') port.close();
    },
    (err: unknown) => send({ id: req.id, ok: false, error: sentError(err) }),
  );
});

pglite.waitReady.then(
  () => send({ id: 0, ready: true }),
  (err: unknown) => send({ id: 0, ready: true, error: sentError(err) }),
);
