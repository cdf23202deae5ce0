import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../router/safeRedirect.ts';

/**
 * `/auth-redirect` (spec §2): the landing page of a sign-in that happened elsewhere; it goes on to the
 * `redirect` query target inside the console, else home.
 */
export function AuthRedirectPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  }, [navigate, params]);
  return null;
}
