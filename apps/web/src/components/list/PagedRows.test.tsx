import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PagedRows } from './PagedRows.tsx';

const rows = [{ id: 1 }, { id: 2 }];
const table = { rowKey: 'id', 'data-testid': 'rows', columns: [{ title: 'id', dataIndex: 'id' }] };
const query = { isLoading: false, isFetching: false, error: null, refetch: () => undefined };
const inClient = (node: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('PagedRows', { timeout: 60_000 }, () => {
  it('shows a failed list with its retry, and no pagination when its rows are all there is', async () => {
    const refetch = vi.fn();
    inClient(
      <PagedRows<{ id: number }>
        query={{ ...query, error: new Error('down'), refetch }}
        states="skeleton"
        table={table}
      />,
    );
    const failed = screen.getByTestId('state-error');
    await userEvent.click(within(failed).getByRole('button'));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('pagination-total')).toBeNull();
  });

  it('draws one page of rows with the total and hands a page change to its paging', async () => {
    const paginate = vi.fn();
    inClient(
      <PagedRows<{ id: number }>
        query={{ ...query, data: { rows, total: 12 } }}
        paging={{ page: 1, limit: 5, paginate }}
        states="table"
        table={table}
      />,
    );
    expect(within(screen.getByTestId('rows')).getByText('2')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('共 12 条');
    await userEvent.click(screen.getByTitle('3'));
    expect(paginate).toHaveBeenCalledWith(3, 5);
  });
});
