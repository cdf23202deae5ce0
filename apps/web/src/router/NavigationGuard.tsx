import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { USER_CALLS } from '@solarops/contracts';
import { fetchUserInfo, resetSession } from '../api/accounts.ts';
import { callEndpoint } from '../api/callEndpoint.ts';
import { hasToken, session, storedMenuList } from '../api/session.ts';
import { useUserStore } from '../store/userStore.ts';
import LoadingSpin from '../components/LoadingSpin.tsx';
import { decideNavigation } from './guard.ts';
import { pathOf } from './paths.ts';

/** Carries out `decideNavigation` (spec §2) on every navigation. */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const info = useUserStore((s) => s.info);
  const setInfo = useUserStore((s) => s.setInfo);
  const [loading, setLoading] = useState(false);

  const decision = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    hasToken: hasToken(),
    userLoaded: info !== null,
    firstLogin: session.get('firstLogin') === 'true',
    menuList: info?.menuList ?? storedMenuList(),
  });

  useEffect(() => {
    if (decision.kind !== 'loadUser' || loading) return;
    setLoading(true);
    fetchUserInfo()
      .then((user) => {
        // Spec §5: user info without roles is refused as a failed load.
        if (!user || !Array.isArray(user.roles) || user.roles.length === 0) throw new Error('roles');
        // The server's menu list is the truth; keep the session copy in step with it.
        session.set('menuList1', JSON.stringify(user.menuList));
        setInfo(user);
      })
      .catch(() => {
        resetSession();
        void navigate(pathOf('login', { redirect: location.pathname + location.search }), {
          replace: true,
        });
      })
      .finally(() => setLoading(false));
  }, [decision.kind, loading, location.pathname, location.search, navigate, setInfo]);

  // A role's permissions may change while its users work (the `permissions` screen): on every later navigation the
  // menu list is read again, so the menu and this guard follow the change at the user's next navigation.
  const seenPath = useRef<string | null>(null);
  useEffect(() => {
    if (!info) return;
    const first = seenPath.current === null;
    if (seenPath.current === location.pathname) return;
    seenPath.current = location.pathname;
    if (first) return;
    callEndpoint(USER_CALLS.info, { quiet: true })
      .then((user) => {
        if (!user || JSON.stringify(user.menuList) === JSON.stringify(useUserStore.getState().info?.menuList))
          return;
        session.set('menuList1', JSON.stringify(user.menuList));
        setInfo(user);
      })
      .catch(() => undefined);
  }, [info, location.pathname, setInfo]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadUser')
    return (
      <div className="app-loading">
        <LoadingSpin />
      </div>
    );
  return <>{children}</>;
}
