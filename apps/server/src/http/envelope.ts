import { CODE } from '@solarops/contracts';

/** The success envelope `{ code: 200, msg, data }` (ARCHITECTURE §3). */
export const ok = <T>(data: T) => ({ code: CODE.ok, msg: 'success', data });

/** A page of rows `{ code: 200, msg, total, rows }`. */
export const page = <T>(total: number, rows: T[]) => ({ code: CODE.ok, msg: 'success', total, rows });

/** The page window of `pageStart` (or its alias `pageNumber`) and `pageSize`. */
export function pageWindow(q: {
  pageStart?: number | undefined;
  pageNumber?: number | undefined;
  pageSize: number;
}) {
  const pageStart = q.pageStart ?? q.pageNumber ?? 1;
  return { limit: q.pageSize, offset: (pageStart - 1) * q.pageSize };
}
