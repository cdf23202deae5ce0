/**
 * The messages between the API's thread and the worker thread that runs PGlite (`PgliteThread.ts` and
 * `pgliteHost.ts`; decision 0019). Every value crosses by structured clone: parameters and rows keep their Dates,
 * byte arrays and bigints; the caller's result parsers (functions) stay on its side, so the host only learns which
 * type OIDs to hand back as the server's text.
 */

export interface HostOptions {
  /** The data directory, or none for a database in memory. */
  dataDir?: string;
  /** A dump made by `dumpDataDir()` to start from. */
  loadDataDir?: ArrayBuffer;
}

export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** Type OIDs whose values come back as text (the caller parses them itself). */
      rawTypes?: number[];
      /** Run inside this open transaction; else on its own, queued behind any open transaction. */
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; the answer carries its number once the host is inside it. */
  | { id: number; op: 'begin' }
  /** Ends transaction `tx`: commits, or rolls back when `commit` is false. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  /** `COPY ... TO '/dev/blob'`: the bytes written. */
  blob?: ArrayBuffer;
}

/** An error as thrown by PGlite: its message, name and own fields (`code`, `detail`, `constraint`...). */
export interface SentError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

export type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SentError }
  /** The host's first message: PGlite is open (or failed to open, `error`). */
  | { id: 0; ready: true; error?: SentError };
