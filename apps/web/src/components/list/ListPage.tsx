import './list.css';
import type { ReactNode } from 'react';
import { Card, Table, type TableProps, Typography } from 'antd';
import { Pagination } from '../Pagination.tsx';
import { QueryState } from '../QueryState.tsx';
import type { ListState } from './useListState.ts';

/** The part of a TanStack query a list page reads: one page of rows and the total. */
export interface ListQuery<Row> {
  data?: { rows: Row[]; total: number };
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * The three layouts the console's lists come in, each with its own states:
 * - `split`: a search card with the title, then a card with toolbar, list and pagination; a skeleton while loading;
 * - `single`: one card with search, toolbar, list and pagination; a spinner while loading;
 * - `titled`: one card titled with the screen's name; the table's own loading mask and empty note.
 */
export type ListLayout = 'split' | 'single' | 'titled';

export interface ListPageProps<Row, F> {
  layout: ListLayout;
  /** split: the search card's heading; titled: the card's title. */
  title?: ReactNode;
  testId?: string;
  /** A `SearchForm`. */
  search?: ReactNode;
  /** Buttons above the list (create, export, view switch). */
  toolbar?: ReactNode;
  /** single: what stands above the search (an import's report). */
  header?: ReactNode;
  list: ListState<F>;
  query: ListQuery<Row>;
  /** The table's columns, row key and anything else it needs; pagination is the page's own. */
  table?: Omit<TableProps<Row>, 'dataSource' | 'pagination'> & { 'data-testid'?: string };
  /** Draws the rows instead of the table (cards, a shared alarm table). */
  render?(rows: Row[], loading: boolean): ReactNode;
  emptyText?: string;
  /** Dialogs and drawers of the screen. */
  children?: ReactNode;
}

const TABLE_SIZE: Record<ListLayout, TableProps['size']> = {
  split: 'middle',
  single: undefined,
  titled: 'small',
};

/**
 * One list screen: search, toolbar, the rows with their loading, error and empty states, and spec §9's pagination,
 * typed by row and filters.
 */
export function ListPage<Row extends object, F>({
  layout,
  title,
  testId,
  search,
  toolbar,
  header,
  list,
  query,
  table,
  render,
  emptyText,
  children,
}: ListPageProps<Row, F>) {
  const rows = query.data?.rows ?? [];
  const titled = layout === 'titled';
  const loading = titled ? query.isFetching && !query.data : query.isLoading;
  const drawn = render ? (
    render(rows, loading)
  ) : (
    <Table<Row>
      size={TABLE_SIZE[layout]}
      loading={titled ? loading : undefined}
      {...table}
      pagination={false}
      dataSource={rows}
    />
  );
  const body = titled ? (
    <div style={search ? { marginTop: 16 } : undefined}>{drawn}</div>
  ) : (
    <QueryState
      look={layout === 'split' ? 'skeleton' : 'spinner'}
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={rows.length === 0}
      onRetry={() => void query.refetch()}
      emptyText={emptyText}
    >
      {drawn}
    </QueryState>
  );
  const pagination = (
    <Pagination total={query.data?.total ?? 0} page={list.page} limit={list.limit} onChange={list.paginate} />
  );
  const bar = toolbar ? <div className="list-toolbar">{toolbar}</div> : null;

  if (layout === 'titled')
    return (
      <Card data-testid={testId} title={title}>
        {search}
        {body}
        {pagination}
        {children}
      </Card>
    );
  if (layout === 'single')
    return (
      <div className="app-container list-page-single" data-testid={testId}>
        <Card>
          {header}
          {search}
          {bar}
          {body}
          {pagination}
        </Card>
        {children}
      </div>
    );
  return (
    <div className="app-container list-page-split" data-testid={testId}>
      <Card className="list-search-card">
        <Typography.Title level={5} className="list-title" data-testid="page-title">
          {title}
        </Typography.Title>
        {search}
      </Card>
      <Card>
        {bar}
        {body}
        {pagination}
      </Card>
      {children}
    </div>
  );
}
