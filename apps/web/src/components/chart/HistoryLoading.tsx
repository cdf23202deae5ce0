import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The note over a chart whose range's history is still being written (the server's `historyLoading`: a first
 * start writes the demo fleet's past after it goes live): its gaps are not missing readings, they are on their way.
 */
export function HistoryLoading({ loading }: { loading: boolean | undefined }) {
  const { t } = useTranslation();
  if (!loading) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="history-loading"
      data-testid="history-loading"
      title={t('common.historyLoading')}
      style={{ marginBottom: 12 }}
    />
  );
}
