import '../station-shared/station.css';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CollectorInfo } from '../station-shared/CollectorInfo.tsx';

/** `dialogcollectinfor` opened as a page (`?sn=`): the same collector information as the plant's dialog. */
export function DialogCollectInforPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sn = params.get('sn') ?? '';
  return (
    <div className="app-container">
      <Card>
        <Typography.Title level={4} className="page-title" data-testid="page-title">
          {t('menu.dialogcollectinfor')}
        </Typography.Title>
        <CollectorInfo sn={sn} />
      </Card>
    </div>
  );
}
