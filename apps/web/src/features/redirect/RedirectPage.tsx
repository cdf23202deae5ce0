import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { shownPage } from '../../router/paths.ts';

/**
 * `/redirect/{fullPath}` (spec §2): replaces itself with `{fullPath}`, which rebuilds that page; the tags bar's
 * "refresh" goes through here.
 */
export function RedirectPage() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    void navigate(shownPage({ pathname: location.pathname, search: location.search }), { replace: true });
  }, [location.pathname, location.search, navigate]);
  return null;
}
