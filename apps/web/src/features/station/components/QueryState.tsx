import type { ReactNode } from 'react';
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { errorMessage } from '../../../api/request.ts';

/**
 * true when the server said the thing asked for does not exist or is not the caller's to see (404, 403): asking
 * again cannot help, so the screen offers a way back instead of a retry.
 */
export const isMissing = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/** The way out of a screen whose subject is missing: what to say and where to go back to. */
export interface MissingAction {
  /** The sentence under the title, e.g. "this plant does not exist or is not yours". */
  text: string;
  backLabel: string;
  onBack(): void;
}

/** A missing subject: a "not found or no access" result and a button back to a screen that works. */
export function MissingState({ text, backLabel, onBack }: MissingAction) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      data-testid="state-missing"
      title={t('station.common.missingTitle')}
      subTitle={text}
      extra={
        <Button type="primary" onClick={onBack} data-testid="state-back">
          {backLabel}
        </Button>
      }
    />
  );
}

/**
 * Loading, error and empty states of a query (every station screen has all three): a skeleton while the first
 * answer is on its way, an error with a retry (or, given `missing`, a way back when the subject does not exist
 * or is out of scope), an empty note, else the children.
 */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  onRetry,
  emptyText,
  missing,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  onRetry?: () => void;
  emptyText?: string;
  missing?: MissingAction;
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
  if (missing && isMissing(error)) return <MissingState {...missing} />;
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
