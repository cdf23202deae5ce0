import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CommandResults, selectionFromParams } from '../command-shared/CommandResults.tsx';

/**
 * `remoteSetSubmit` / `remoteSetSubmit1` (hidden): the commands a settings write made (`?batchId=` or `?ids=`),
 * each device's state live by server push with the device's reason on failure.
 */
function SubmitScreen({ route }: { route: 'remoteSetSubmit' | 'remoteSetSubmit1' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selection = selectionFromParams(params);
  return (
    <div className="app-container">
      <Card>
        <Typography.Title level={5} className="page-title" data-testid="page-title">
          {t(`menu.${route}`)}
        </Typography.Title>
        {selection ? (
          <CommandResults selection={selection} />
        ) : (
          <Empty description={t('commands.results.none')} />
        )}
      </Card>
    </div>
  );
}

export const RemoteSetSubmitPage = () => <SubmitScreen route="remoteSetSubmit" />;
export const RemoteSetSubmit1Page = () => <SubmitScreen route="remoteSetSubmit1" />;
