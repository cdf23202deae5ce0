import type { ReactNode } from 'react';
import { Alert, Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/request.ts';

interface Props {
  loading: boolean;
  error: unknown;
  empty: boolean;
  onRetry(): void;
  children: ReactNode;
}

/** The loading, error and empty states every list of the settings screens shows in place of its table. */
export function QueryState({ loading, error, empty, onRetry, children }: Props) {
  const { t } = useTranslation();
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="list-error"
        title={t('set.common.loadFailed')}
        description={errorMessage(error)}
        action={<Button onClick={onRetry}>{t('set.common.retry')}</Button>}
      />
    );
  if (loading)
    return (
      <div className="set-loading" data-testid="list-loading">
        <Spin />
      </div>
    );
  if (empty) return <Empty data-testid="list-empty" description={t('set.common.empty')} />;
  return <>{children}</>;
}
