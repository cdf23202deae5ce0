import { Avatar, Button, Card, Descriptions, Spin } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../profile-shared/api.ts';
import { pathOf } from '../../../router/paths.ts';

/** `/getuserinfor`: one's personal information, read only; editing is in the personal centre. */
export function GetUserInforPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  if (!info)
    return (
      <div className="app-loading">
        <Spin />
      </div>
    );
  return (
    <div className="app-container">
      <Card
        title={t('menu.getuserinfor')}
        extra={
          <Button type="link" onClick={() => void navigate(pathOf('profile'))}>
            {t('profile.edit')}
          </Button>
        }
      >
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
          <Descriptions.Item label={t('profile.avatar')}>
            <Avatar size={48} src={info.avatar || undefined} icon={<UserOutlined />} />
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.userCode')}>{info.userCode}</Descriptions.Item>
          <Descriptions.Item label={t('profile.name')}>{info.name}</Descriptions.Item>
          <Descriptions.Item label={t('profile.role')}>{info.roleName}</Descriptions.Item>
          <Descriptions.Item label={t('profile.email')}>{info.email || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('profile.phone')}>{info.phone || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('profile.dealercode')}>{info.dealercode || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('profile.introduction')}>{info.introduction || '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
