import { type QueryKey, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { LIMITS } from '@solarops/contracts';
import { type Paging, usePaging } from './useListState.ts';

/** One page of a server list as the server answers it: its rows and the total of all pages. */
export interface RowPage<Row> {
  rows: Row[];
  total: number;
}

/** The query of one page of a list: its key and fetch, with whatever else it needs (polling, `enabled`...). */
export type PageQuery<Row> = UseQueryOptions<RowPage<Row>, Error, RowPage<Row>, QueryKey>;

export interface PagedRowsOptions {
  /** The rows per page the list opens with (spec §9: 5). */
  pageSize?: number;
  /** The list always shows `pageSize` rows: a change of size keeps it (the alarm dialog's ten). */
  fixedSize?: boolean;
}

/**
 * A server-paged list without filters (a tab, a drawer, a dialog): the page shown and the query of that page, as
 * `PagedRows` takes them, `<PagedRows {...usePagedRows(errorLogPage)} … />`. `pageQuery(page, limit)` is the query
 * of one page; a list screen with filters has `useListState` and `ListPage` instead.
 */
export function usePagedRows<Row>(
  pageQuery: (page: number, limit: number) => PageQuery<Row>,
  { pageSize = LIMITS.pageSizeDefault, fixedSize = false }: PagedRowsOptions = {},
): { query: UseQueryResult<RowPage<Row>>; paging: Paging } {
  const paging = usePaging(pageSize);
  const query = useQuery(pageQuery(paging.page, paging.limit));
  return {
    query,
    paging: fixedSize ? { ...paging, paginate: (page) => paging.paginate(page, pageSize) } : paging,
  };
}
