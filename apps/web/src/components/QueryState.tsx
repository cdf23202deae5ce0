import './QueryState.css';
import { lazy, type ReactNode, Suspense } from 'react';
import { Alert, Button, Empty, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/request.ts';
import { isMissing, type MissingAction } from './missing.ts';

// Ant Design's Result (with its illustrations) loads only when a subject is missing, not with every list and chart.
const MissingState = lazy(() => import('./MissingState.tsx').then((m) => ({ default: m.MissingState })));

/**
 * Loading, error and empty states of a query, in place of what it shows: while the first answer is on its way a
 * skeleton (`look="skeleton"`, screens whose content has a shape worth sketching) or a centred spinner
 * (`look="spinner"`, the settings lists); an error with a retry (or, given `missing`, a way back when the subject
 * does not exist or is out of scope); an empty note; else the children.
 */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  onRetry,
  emptyText,
  look = 'skeleton',
  missing,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  onRetry?: () => void;
  emptyText?: string;
  look?: 'skeleton' | 'spinner';
  missing?: MissingAction;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <div data-testid="state-loading" className={look === 'spinner' ? 'query-state-spin' : undefined}>
        {look === 'spinner' ? <Spin /> : <Skeleton active />}
      </div>
    );
  }
  if (missing && isMissing(error))
    return (
      <Suspense>
        <MissingState {...missing} />
      </Suspense>
    );
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="state-error"
        title={t('common.loadFailed')}
        description={errorMessage(error)}
        action={
          onRetry ? (
            <Button size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  if (isEmpty) return <Empty data-testid="state-empty" description={emptyText ?? t('common.noData')} />;
  return <>{children}</>;
}
