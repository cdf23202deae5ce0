import { Pagination as AntPagination } from 'antd';
import { LIMITS } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { scrollTo } from './scrollTo.ts';

/** Spec §9: scroll back to the top of the page over this long after a page change. */
export const SCROLL_TOP_MS = 800;

export interface PaginationProps {
  total: number;
  /** 1-based page (default 1). */
  page?: number;
  /** Rows per page (default 5). */
  limit?: number;
  pageSizes?: readonly number[];
  background?: boolean;
  autoScroll?: boolean;
  hidden?: boolean;
  onChange(page: number, limit: number): void;
}

/**
 * The console's pagination control (spec §3, §9): total, sizes, prev, pager, next and jumper; page 1 and 5 rows
 * by default, sizes 5/10/20/30/50; after a change the page scrolls to the top over 800 ms.
 */
export function Pagination({
  total,
  page = 1,
  limit = LIMITS.pageSizeDefault,
  pageSizes = LIMITS.pageSizeChoices,
  background = true,
  autoScroll = true,
  hidden = false,
  onChange,
}: PaginationProps) {
  const { t } = useTranslation();
  if (hidden) return null;
  return (
    <div className={`pagination-container${background ? ' pagination-background' : ''}`}>
      <AntPagination
        total={total}
        current={page}
        pageSize={limit}
        pageSizeOptions={pageSizes.map(String)}
        showSizeChanger
        showQuickJumper
        showTotal={(n) => <span data-testid="pagination-total">{t('pagination.total', { count: n })}</span>}
        onChange={(nextPage, nextLimit) => {
          // Ant Design keeps the page when the size changes; the spec's control starts again at page 1 then.
          onChange(nextLimit !== limit ? 1 : nextPage, nextLimit);
          if (autoScroll) {
            const container = document.querySelector<HTMLElement>('.app-page:not([style*="none"])');
            scrollTo(0, SCROLL_TOP_MS, container);
          }
        }}
      />
    </div>
  );
}
