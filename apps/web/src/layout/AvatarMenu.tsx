import { Avatar, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../api/accounts.ts';
import { session } from '../api/session.ts';
import { useUserStore } from '../store/userStore.ts';
import { pathOf } from '../router/paths.ts';

/** The avatar menu (spec §2): personal centre and log out. */
export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUserStore((s) => s.info);
  const name = info?.name || info?.userCode || session.get('userCode') || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', label: <span data-testid="menu-profile">{t('navbar.profile')}</span> },
          { key: 'guide', label: t('navbar.guide') },
          { type: 'divider' },
          { key: 'logout', label: <span data-testid="menu-logout">{t('navbar.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate(pathOf('profile'));
          else if (key === 'guide') void navigate(pathOf('guide'));
          else void logout().then(() => navigate(pathOf('login'), { replace: true }));
        },
      }}
    >
      <button type="button" className="avatar-wrapper" data-testid="avatar-menu">
        <Avatar size={32} src={info?.avatar || undefined} icon={<UserOutlined />} />
        <span className="avatar-name">{name}</span>
        <DownOutlined className="avatar-caret" />
      </button>
    </Dropdown>
  );
}
