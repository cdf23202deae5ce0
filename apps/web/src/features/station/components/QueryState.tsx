import type { ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';

/**
 * Loading, error and empty states of a query (every station screen has all three): a skeleton while the first
 * answer is on its way, an error with a retry, an empty note, else the children.
 */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  onRetry,
  emptyText,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  onRetry?: () => void;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <div data-testid="state-loading">
        <Skeleton active />
      </div>
    );
  }
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="state-error"
        title={t('station.common.loadFailed')}
        description={errorMessage(error)}
        action={
          onRetry ? (
            <Button size="small" onClick={onRetry}>
              {t('station.common.retry')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (isEmpty)
    return <Empty data-testid="state-empty" description={emptyText ?? t('station.common.empty')} />;
  return <>{children}</>;
}
