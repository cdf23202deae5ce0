import { useQuery } from '@tanstack/react-query';
import { requestPage } from '../../../api/request.ts';

/** One entry of the unhandled-error log (docs/api-accounts.md `GET /system/errorlog`). */
export interface ErrorLogRow {
  id: number;
  userCode: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  info: string | null;
  createdAt: string;
}

export const useErrorLog = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['system', 'errorlog', pageStart, pageSize],
    queryFn: () => requestPage<ErrorLogRow>('/system/errorlog', { params: { pageStart, pageSize } }),
  });
