import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { nextPathAfterClosing, useTabsStore, type VisitedView } from '../store/tabsStore.ts';
import { REDIRECT_PREFIX, shownPage } from '../router/paths.ts';

/**
 * The tags bar (spec §2): visited pages, affix tabs without a close button, and a right-click menu with refresh
 * (through /redirect/{fullPath}), close, close others and close all.
 */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The tab of the page the user is on. During a refresh the address is `/redirect/<its path>` until the page is
  // built again: that tab is still the active one, so closing it then leaves it like any active tab (compared with
  // the address itself, the close left the user where the refresh then landed, on the closed tab's page).
  const current = shownPage(location);
  const { views, closeView, closeOthers, closeAll, refreshView } = useTabsStore();

  const close = (view: VisitedView) => {
    const remaining = closeView(view.path);
    if (view.path === current) void navigate(nextPathAfterClosing(remaining));
  };

  const onMenu =
    (view: VisitedView): MenuProps['onClick'] =>
    ({ key }) => {
      if (key === 'refresh') {
        refreshView(view.path);
        void navigate(`${REDIRECT_PREFIX}${view.path}`, { replace: true });
      } else if (key === 'close') close(view);
      else if (key === 'closeOthers') {
        closeOthers(view.path);
        if (view.path !== current) void navigate(view.path);
      } else if (key === 'closeAll') {
        closeAll();
        const remaining = useTabsStore.getState().views;
        if (!remaining.some((v) => v.path === current)) void navigate(nextPathAfterClosing(remaining));
      }
    };

  return (
    <nav className="tags-view" data-testid="tags-view" aria-label={t('tags.label')}>
      <div className="tags-view-scroll">
        {views.map((view) => (
          <Dropdown
            key={view.path}
            trigger={['contextMenu']}
            menu={{
              onClick: onMenu(view),
              items: [
                { key: 'refresh', label: <span data-testid="tag-refresh">{t('tags.refresh')}</span> },
                ...(view.affix
                  ? []
                  : [{ key: 'close', label: <span data-testid="tag-close">{t('tags.close')}</span> }]),
                {
                  key: 'closeOthers',
                  label: <span data-testid="tag-close-others">{t('tags.closeOthers')}</span>,
                },
                { key: 'closeAll', label: <span data-testid="tag-close-all">{t('tags.closeAll')}</span> },
              ],
            }}
          >
            <Link
              to={view.path}
              className={`tags-view-item${view.path === current ? ' active' : ''}`}
              data-testid="tag"
              data-path={view.path}
            >
              {t(view.title) || t('tags.noName')}
              {!view.affix && (
                <CloseOutlined
                  className="tags-view-close"
                  aria-label={t('tags.close')}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    close(view);
                  }}
                />
              )}
            </Link>
          </Dropdown>
        ))}
      </div>
    </nav>
  );
}
