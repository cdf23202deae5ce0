import './list.css';
import type { ReactNode } from 'react';
import { Card, type TableProps, Typography } from 'antd';
import { type ListQuery, PagedRows, type RowStates } from './PagedRows.tsx';
import type { ListState } from './useListState.ts';

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

const ROW_STATES: Record<ListLayout, RowStates> = { split: 'skeleton', single: 'spinner', titled: 'table' };

/**
 * One list screen: search, toolbar, the rows with their loading, error and empty states, and spec §9's pagination
 * (`PagedRows`), typed by row and filters, in one of three frames.
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
  const rows = (
    <PagedRows<Row>
      query={query}
      paging={list}
      states={ROW_STATES[layout]}
      size={TABLE_SIZE[layout]}
      table={table}
      render={render}
      emptyText={emptyText}
    />
  );
  const bar = toolbar ? <div className="list-toolbar">{toolbar}</div> : null;

  if (layout === 'titled')
    return (
      <Card data-testid={testId} title={title}>
        {search}
        <div style={search ? { marginTop: 16 } : undefined}>{rows}</div>
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
          {rows}
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
        {rows}
      </Card>
      {children}
    </div>
  );
}
