import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The screen's title, its menu name (`menu.<routeName>`), as the other screens show it. */
export function PageTitle({ route }: { route: string }) {
  const { t } = useTranslation();
  return (
    <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-title">
      {t(`menu.${route}`)}
    </Typography.Title>
  );
}
