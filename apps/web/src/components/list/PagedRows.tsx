import type { ReactNode } from 'react';
import { Table, type TableProps } from 'antd';
import { Pagination } from '../Pagination.tsx';
import { QueryState } from '../QueryState.tsx';
import type { Paging } from './useListState.ts';

/** The part of a TanStack query a paged list reads: one page of rows and the total. */
export interface ListQuery<Row> {
  data?: { rows: Row[]; total: number };
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * How a list shows that its rows are on their way, failed or none:
 * - `table`: the table's own loading mask and empty note (a list inside a card, a tab or a dialog);
 * - `skeleton` or `spinner`: `QueryState` in place of the rows, with the error and its retry.
 */
export type RowStates = 'table' | 'skeleton' | 'spinner';

export interface PagedRowsProps<Row> {
  query: ListQuery<Row>;
  /** The page shown; absent, the query's rows are all there is and no pagination is drawn. */
  paging?: Paging;
  states: RowStates;
  /** The table's columns, row key and anything else it needs; pagination is the list's own. */
  table?: Omit<TableProps<Row>, 'dataSource' | 'pagination'> & { 'data-testid'?: string };
  /** The table's size, unless `table` names one. */
  size?: TableProps['size'];
  /** Draws the rows instead of the table (cards, a shared alarm table). */
  render?(rows: Row[], loading: boolean): ReactNode;
  emptyText?: string;
  /** false: a page change does not scroll the page to the top (a list in a dialog). */
  autoScroll?: boolean;
}

/**
 * One page of a server-paged list, with its states and spec §9's pagination, and no frame of its own: a list
 * screen puts it in its cards (`ListPage`), a tab, a drawer or a dialog puts it where its list goes.
 */
export function PagedRows<Row extends object>({
  query,
  paging,
  states,
  table,
  size,
  render,
  emptyText,
  autoScroll,
}: PagedRowsProps<Row>) {
  const rows = query.data?.rows ?? [];
  const tableStates = states === 'table';
  const loading = tableStates ? query.isFetching && !query.data : query.isLoading;
  const drawn = render ? (
    render(rows, loading)
  ) : (
    <Table<Row>
      size={size}
      loading={tableStates ? loading : undefined}
      {...table}
      pagination={false}
      dataSource={rows}
    />
  );
  return (
    <>
      {tableStates ? (
        drawn
      ) : (
        <QueryState
          look={states}
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={rows.length === 0}
          onRetry={() => void query.refetch()}
          emptyText={emptyText}
        >
          {drawn}
        </QueryState>
      )}
      {paging && (
        <Pagination
          total={query.data?.total ?? 0}
          page={paging.page}
          limit={paging.limit}
          autoScroll={autoScroll}
          onChange={paging.paginate}
        />
      )}
    </>
  );
}
