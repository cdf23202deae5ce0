import { Tooltip } from 'antd';
import {
  FundProjectionScreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../api/session.ts';
import { useLayoutStore } from '../store/layoutStore.ts';
import { useUserStore } from '../store/userStore.ts';
import { ROLE } from '@solarops/contracts';
import { AlarmDialogGate } from './AlarmDialogGate.tsx';
import { AlarmTicker } from './AlarmTicker.tsx';
import { AvatarMenu } from './AvatarMenu.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { useSettingsDrawer } from './layoutDialogs.ts';
import { pathOf } from '../router/paths.ts';

/** The top bar (spec §2): toggle, breadcrumbs, alarms (distributors), exhibit, settings, language, avatar. */
export function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sidebarOpen, toggleSidebar } = useLayoutStore();
  const roleId = useUserStore((s) => s.info?.roleId) ?? Number(session.get('roleId') ?? 0);
  const openSettings = useSettingsDrawer((s) => s.show);
  const distributor = roleId === ROLE.distributor;
  return (
    <div className="navbar">
      <button
        type="button"
        className="icon-button hamburger"
        aria-label={t('navbar.toggleSidebar')}
        data-testid="sidebar-toggle"
        onClick={toggleSidebar}
      >
        {sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <Breadcrumbs />
      <div className="right-menu">
        {distributor && <AlarmTicker />}
        <AlarmDialogGate distributor={distributor} />
        <Tooltip title={t('navbar.exhibit')}>
          <button
            type="button"
            className="icon-button"
            data-testid="exhibit-button"
            onClick={() => void navigate(pathOf('overview'))}
          >
            <FundProjectionScreenOutlined />
          </button>
        </Tooltip>
        <Tooltip title={t('settings.title')}>
          <button type="button" className="icon-button" data-testid="settings-button" onClick={openSettings}>
            <SettingOutlined />
          </button>
        </Tooltip>
        <LanguageSelect />
        <AvatarMenu />
      </div>
    </div>
  );
}
