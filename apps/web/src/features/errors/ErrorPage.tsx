import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../router/paths.ts';

/** The 404 and 401 pages share this frame. */
export function ErrorPage({ status }: { status: 404 | 403 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = status === 404 ? 'notFound' : 'unauthorized';
  return (
    <div className="error-page">
      <Result
        status={status}
        title={t(`errors.${kind}.title`)}
        subTitle={t(`errors.${kind}.body`)}
        extra={
          <Button type="primary" onClick={() => void navigate(HOME_PATH, { replace: true })}>
            {t('errors.backHome')}
          </Button>
        }
      />
    </div>
  );
}
