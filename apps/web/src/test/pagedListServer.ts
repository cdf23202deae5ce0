import { vi } from 'vitest';

/**
 * Stubs `fetch` as a server holding `total` rows of one list, `rowOf(n)` for n = 1 (the first in the list's order)
 * to `total`: it answers each page asked for (`pageStart`, `pageSize`) with those rows and the total, as the list
 * calls do. Returns the pages asked for, each as `path page/size` (the path without `/prod-api`).
 */
export function stubPagedList(total: number, rowOf: (n: number) => object): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      const page = Number(url.searchParams.get('pageStart'));
      const size = Number(url.searchParams.get('pageSize'));
      asked.push(`${url.pathname.replace('/prod-api', '')} ${page}/${size}`);
      const rows = Array.from({ length: total }, (_, i) => i + 1)
        .slice((page - 1) * size, page * size)
        .map(rowOf);
      return new Response(JSON.stringify({ code: 200, msg: 'success', total, rows }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return asked;
}
