import pg from 'pg';

/** One statement as pg_stat_statements sums it up. */
export interface StatementFigure {
  calls: number;
  totalMs: number;
  query: string;
}

/** What the database ran between {@link startStatements} and {@link readStatements}. */
export interface StatementFigures {
  /** Statements run by everyone but this module's own queries. */
  calls: number;
  /** The statements with the most database time, most first. */
  top: StatementFigure[];
}

const withClient = async <T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
};

/**
 * Starts counting statements: true when pg_stat_statements is loaded (`PG_STAT_STATEMENTS=1` with
 * scripts/with-postgres.mjs), false when the figures are not available on this server.
 */
export const startStatements = (url: string): Promise<boolean> =>
  withClient(url, async (c) => {
    try {
      await c.query('create extension if not exists pg_stat_statements');
      await c.query('select pg_stat_statements_reset()');
      return true;
    } catch {
      return false;
    }
  });

/** The statements run since {@link startStatements} (this module's own left out). */
export const readStatements = (url: string, top = 12): Promise<StatementFigures> =>
  withClient(url, async (c) => {
    const rows = (
      await c.query<{ calls: string; total_ms: number; query: string }>(
        `select calls, total_exec_time as total_ms, query from pg_stat_statements
         where query not like '%pg_stat_statements%' order by total_exec_time desc`,
      )
    ).rows;
    return {
      calls: rows.reduce((n, r) => n + Number(r.calls), 0),
      top: rows.slice(0, top).map((r) => ({
        calls: Number(r.calls),
        totalMs: r.total_ms,
        query: r.query.replace(/\s+/g, ' ').slice(0, 160),
      })),
    };
  });
