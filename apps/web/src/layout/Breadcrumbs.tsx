import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { breadcrumbsFor } from '../router/breadcrumbs.ts';

/** The top bar's breadcrumbs (spec §2): the last crumb and groups are plain text. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = breadcrumbsFor(pathname).map((c) => ({
    title: c.path ? <Link to={c.path}>{t(c.title)}</Link> : <span className="no-redirect">{t(c.title)}</span>,
  }));
  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
