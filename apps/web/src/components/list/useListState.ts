import { useState } from 'react';
import { LIMITS } from '@solarops/contracts';

/** Which page of a list is shown, and how many rows a page has (spec §9's pagination). */
export interface Paging {
  page: number;
  limit: number;
  paginate(page: number, limit: number): void;
}

/** What a list screen asks for: its filters, and the page and rows per page of spec §9's pagination. */
export interface ListState<F> extends Paging {
  filters: F;
  /** New filters start again at page 1. */
  search(filters: F): void;
}

/** The page of a list without filters; `pageSize` is the rows per page it opens with (spec §9: 5). */
export function usePaging(pageSize: number = LIMITS.pageSizeDefault): Paging {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(pageSize);
  return {
    page,
    limit,
    paginate: (nextPage, nextLimit) => {
      setPage(nextPage);
      setLimit(nextLimit);
    },
  };
}

/** The filters and page of one list screen; `pageSize` is the rows per page it opens with (spec §9: 5). */
export function useListState<F>(initial: F, pageSize: number = LIMITS.pageSizeDefault): ListState<F> {
  const [filters, setFilters] = useState<F>(initial);
  const paging = usePaging(pageSize);
  return {
    ...paging,
    filters,
    search: (next) => {
      setFilters(next);
      paging.paginate(1, paging.limit);
    },
  };
}

/** The fields a user filled in: empty text, cleared selects and cleared date ranges are left out. */
export function filledFields<V extends object>(values: V): Partial<V> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Partial<V>;
}
