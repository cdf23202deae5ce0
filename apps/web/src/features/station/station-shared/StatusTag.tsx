import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  online: 'success',
  partial: 'warning',
  offline: 'default',
  fault: 'error',
};

/** A plant or device status as a coloured tag. */
export function StatusTag({ status }: { status: 'online' | 'partial' | 'offline' | 'fault' }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid="status-tag">
      {t(`station.status.${status}`)}
    </Tag>
  );
}
