import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageRoute } from '../../router/PageRouteContext.ts';

/**
 * A screen that a later release builds: its title and a one-line notice, so that the menu is complete now.
 * The route table swaps it for the real page in one line.
 */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const route = usePageRoute();
  return (
    <div className="app-container">
      <Card>
        <Typography.Title level={4} className="page-title" data-testid="page-title">
          {route ? t(route.meta.title) : ''}
        </Typography.Title>
        <Empty description={t('placeholder.comingLater')} />
      </Card>
    </div>
  );
}
