import { useState } from 'react';
import { LIMITS } from '@solarops/contracts';

/** What a list screen asks for: its filters, and the page and rows per page of spec §9's pagination. */
export interface ListState<F> {
  filters: F;
  page: number;
  limit: number;
  /** New filters start again at page 1. */
  search(filters: F): void;
  paginate(page: number, limit: number): void;
}

/** The filters and page of one list screen; `pageSize` is the rows per page it opens with (spec §9: 5). */
export function useListState<F>(initial: F, pageSize: number = LIMITS.pageSizeDefault): ListState<F> {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(pageSize);
  return {
    filters,
    page,
    limit,
    search: (next) => {
      setFilters(next);
      setPage(1);
    },
    paginate: (nextPage, nextLimit) => {
      setPage(nextPage);
      setLimit(nextLimit);
    },
  };
}

/** The fields a user filled in: empty text, cleared selects and cleared date ranges are left out. */
export function filledFields<V extends object>(values: V): Partial<V> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<V>;
}
