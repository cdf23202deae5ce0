import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PagedRows } from './PagedRows.tsx';
import { usePagedRows } from './usePagedRows.ts';

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

/** A list of 12 numbered rows served a page at a time; `asked` collects the pages fetched, as `page×limit`. */
function NumberedList({ asked, fixedSize }: { asked: string[]; fixedSize?: boolean }) {
  const numbers = usePagedRows<{ id: number }>(
    (page, limit) => ({
      queryKey: ['numbers', page, limit],
      queryFn: async () => {
        asked.push(`${page}×${limit}`);
        const ids = Array.from({ length: 12 }, (_, i) => i + 1).slice((page - 1) * limit, page * limit);
        return { rows: ids.map((id) => ({ id })), total: 12 };
      },
    }),
    { pageSize: 5, fixedSize },
  );
  return <PagedRows<{ id: number }> {...numbers} states="table" table={table} />;
}

const pickSize = async (from: number, to: number) => {
  await userEvent.click(screen.getByText(`${from} / page`));
  const list = await screen.findByRole('listbox');
  await userEvent.click(within(list.parentElement!).getByText(`${to} / page`));
};

describe('usePagedRows', { timeout: 60_000 }, () => {
  it('fetches the page and size the user picks', async () => {
    const asked: string[] = [];
    inClient(<NumberedList asked={asked} />);
    expect(await within(screen.getByTestId('rows')).findByText('5')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('3'));
    expect(await within(screen.getByTestId('rows')).findByText('11')).toBeInTheDocument();
    await pickSize(5, 10);
    expect(await within(screen.getByTestId('rows')).findByText('10')).toBeInTheDocument();
    expect(asked).toEqual(['1×5', '3×5', '1×10']);
  });

  it('keeps a fixed size when the user picks another', async () => {
    const asked: string[] = [];
    inClient(<NumberedList asked={asked} fixedSize />);
    expect(await within(screen.getByTestId('rows')).findByText('5')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(await within(screen.getByTestId('rows')).findByText('10')).toBeInTheDocument();
    await pickSize(5, 10);
    expect(await within(screen.getByTestId('rows')).findByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('rows')).queryByText('6')).toBeNull();
    expect(asked).toEqual(['1×5', '2×5', '1×5']);
  });
});
