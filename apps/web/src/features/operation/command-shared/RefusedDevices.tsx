import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The devices a request left out before anything was sent, each with the server's reason. */
export function RefusedDevices({
  refused,
}: {
  refused: readonly { serial: string; message: string; point?: string }[];
}) {
  const { t } = useTranslation();
  if (refused.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ margin: '12px 0' }}
      data-testid="refused-devices"
      title={t('commands.screen.refused', { count: refused.length })}
      description={
        <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 160, overflow: 'auto' }}>
          {refused.map((r) => (
            <li key={r.serial}>
              {r.serial}: {r.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
