import { memo, useCallback, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { session, storedMenuList } from '../api/session.ts';
import { groupOf, MENU_ROUTES, findPage } from '../router/routes.tsx';
import { prefetchPage, prefetchPageData, slowLink } from '../router/prefetchPage.ts';
import { type MenuItemView, visibleMenu } from '../router/menuFilter.ts';
import { useLayoutStore } from '../store/layoutStore.ts';
import { useUserStore } from '../store/userStore.ts';
import { BrandLogo } from '../components/BrandLogo.tsx';
import { MENU_ICONS } from './menuIcons.tsx';
import { usePublicSettings } from '../api/publicSettings.ts';
import { HOME_PATH } from '../router/paths.ts';

type Item = Required<MenuProps>['items'][number];

// A page's code and strings start loading when the user points at its entry, or opens its group (unless the link is
// slow): by the click it is mostly there. Pointing at an entry also asks for the page's first data.
const prefetch = (path: string) => prefetchPage(findPage(path));
const prefetchWithData = (path: string) => {
  prefetch(path);
  prefetchPageData(findPage(path));
};

/** The sidebar (spec §2): the stored logo or the default, and the user's menu. */
export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { sidebarOpen, device, settings } = useLayoutStore();
  const info = useUserStore((s) => s.info);
  // By content: the user's info read again (at start, at each navigation) usually brings the menu the session had.
  const menuNames = (info?.menuList ?? storedMenuList()).join('\n');
  const roleId = info?.roleId ?? Number(session.get('roleId') ?? 0);
  const menu = useMemo(
    () => visibleMenu(MENU_ROUTES, menuNames === '' ? [] : menuNames.split('\n'), roleId),
    [menuNames, roleId],
  );
  const collapsed = device === 'desktop' && !sidebarOpen;

  const groupPath = groupOf(findPage(pathname)?.name ?? '')?.path;
  const [openKeys, setOpenKeys] = useState<string[]>(groupPath ? [groupPath] : []);

  // The entries once per menu and language, not at every render of the sidebar (the user's info, the platform's
  // name, each navigation): the menu compares them and redraws only what changed.
  const items = useMemo(() => {
    const toItem = (view: MenuItemView): Item => ({
      key: view.key,
      icon: view.icon && MENU_ICONS[view.icon],
      label: (
        <span
          data-testid={`menu-${view.name}`}
          onMouseEnter={() => prefetchWithData(view.key)}
          onFocus={() => prefetchWithData(view.key)}
        >
          {t(view.title)}
        </span>
      ),
      children: view.children?.map(toItem),
    });
    return menu.map(toItem);
  }, [menu, t]);
  const onOpenChange = useCallback(
    (keys: string[]) => {
      if (!slowLink())
        for (const key of keys.filter((k) => !openKeys.includes(k)))
          menu.find((m) => m.key === key)?.children?.forEach((c) => prefetch(c.key));
      setOpenKeys(keys);
    },
    [menu, openKeys],
  );
  const onClick = useCallback<NonNullable<MenuProps['onClick']>>(
    ({ key }) => {
      const external = menu.find((m) => m.key === key && m.external);
      if (external) window.open(key, '_blank', 'noopener,noreferrer');
      else void navigate(key);
    },
    [menu, navigate],
  );

  // The platform's name and logo come from the system screen; the session's logo (spec §3) is the fallback.
  const brand = usePublicSettings().data;
  const logo = brand?.logo ?? session.get('logo');
  return (
    <aside
      className="sidebar-container"
      data-testid="sidebar"
      aria-hidden={device === 'mobile' && !sidebarOpen}
    >
      {settings.sidebarLogo && (
        <div className="sidebar-logo" onClick={() => void navigate(HOME_PATH)}>
          {logo ? <img src={logo} alt="" className="sidebar-logo-img" /> : <BrandLogo size={30} />}
          {!collapsed && <span className="sidebar-title">{brand?.platformName ?? t('app.name')}</span>}
        </div>
      )}
      <div className="sidebar-menu">
        <SidebarMenu
          collapsed={collapsed}
          pathname={pathname}
          openKeys={openKeys}
          onOpenChange={onOpenChange}
          items={items}
          onClick={onClick}
        />
      </div>
    </aside>
  );
}

/**
 * The menu itself, drawn again only when what it shows changes: the sidebar redraws for the platform's name, the
 * layout's settings or the user's info, and each redraw of the menu draws every one of its entries.
 */
const SidebarMenu = memo(function SidebarMenu({
  collapsed,
  pathname,
  openKeys,
  onOpenChange,
  items,
  onClick,
}: {
  collapsed: boolean;
  pathname: string;
  openKeys: string[];
  onOpenChange: (keys: string[]) => void;
  items: Item[];
  onClick: NonNullable<MenuProps['onClick']>;
}) {
  const selectedKeys = useMemo(() => [pathname], [pathname]);
  // Open, every entry shows its name: no entry needs its tooltip (each would be one more popup component per
  // entry, drawn for nothing). Collapsed to icons, the tooltips name them.
  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      selectedKeys={selectedKeys}
      {...(collapsed ? {} : { openKeys, onOpenChange, tooltip: false as const })}
      items={items}
      onClick={onClick}
    />
  );
});
