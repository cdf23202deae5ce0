import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { installNotifier } from '../api/notifier.ts';
import { useMessage } from '../components/MessageProvider.tsx';
import { LoginPage } from '../features/auth/login/LoginPage.tsx';
import { type PageNavigation, PageNavigationContext } from './pageNavigation.tsx';
import { showPageName } from './pageName.ts';
import type { StartedConsole } from './createAppRouter.tsx';

/**
 * The sign-in page opened from outside the console without a session (a link, a reload, a new tab): drawn before
 * the router and the rest of the console are downloaded, since signing in needs neither. Its first navigation
 * (signed in, or a link to another page) starts the console's router, lets it load that page, and hands the screen
 * over to it. Typing in the form starts the console's download, so that it is mostly there by the submit.
 */
export function SignInFirst({
  startConsole,
  onStarted,
}: {
  /** Downloads the console and starts its router (once; later calls return the same). */
  startConsole: () => Promise<StartedConsole>;
  onStarted: (console: StartedConsole) => void;
}) {
  const { i18n } = useTranslation();
  const message = useMessage();

  useEffect(() => showPageName('login', 'menu.login'), [i18n.language]);

  useEffect(() => {
    installNotifier({ error: (text, seconds) => void message.error(text, seconds) });
  }, [message]);

  useEffect(() => {
    const early = () => void startConsole().catch(() => undefined);
    document.addEventListener('input', early, { once: true });
    return () => document.removeEventListener('input', early);
  }, [startConsole]);

  const navigation = useMemo<PageNavigation>(
    () => ({
      search: window.location.search,
      go: async (to, options) => {
        let started: StartedConsole;
        try {
          started = await startConsole();
        } catch {
          // The router's code could not be fetched (a dropped link, a new release meanwhile): the session is stored,
          // so a whole page load of the target reaches it.
          if (options?.replace) window.location.replace(to);
          else window.location.assign(to);
          return;
        }
        await started.router.navigate(to, options);
        onStarted(started);
      },
    }),
    [startConsole, onStarted],
  );

  return (
    <PageNavigationContext value={navigation}>
      <LoginPage />
    </PageNavigationContext>
  );
}
