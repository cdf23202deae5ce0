import './QueryState.css';
import type { ReactNode } from 'react';
import { Alert, Button, Empty, Result, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/ApiError.ts';
import { errorMessage } from '../api/request.ts';

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
      title={t('common.missingTitle')}
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
  if (missing && isMissing(error)) return <MissingState {...missing} />;
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
