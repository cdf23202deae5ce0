import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * `/redirect/{fullPath}` (spec §2): replaces itself with `{fullPath}`, which rebuilds that page; the tags bar's
 * "refresh" goes through here.
 */
export function RedirectPage() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const target = location.pathname.replace(/^\/redirect/, '') || '/';
    void navigate(target + location.search, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return null;
}
