import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchUserInfo } from './api/accounts.ts';
import { installErrorLog } from './api/errorLog.ts';
import { hasToken } from './api/session.ts';
import { App, type FirstScreen } from './App.tsx';
import { applyDefaultLanguage } from './api/defaultLanguage.ts';
import { loadLanguage } from './i18n/i18n.ts';
import { storedLanguage } from './i18n/language.ts';
import type { StartedConsole } from './router/createAppRouter.tsx';
import { pathOf } from './router/paths.ts';
import './styles/global.css';

installErrorLog();
void applyDefaultLanguage();

let started: Promise<StartedConsole> | undefined;
/** Downloads the console's router and starts it, once; a failed download is tried again at the next ask. */
const startConsole = () =>
  (started ??= import('./router/createAppRouter.tsx')
    .then((m) => m.startConsole())
    .catch((err: unknown) => {
      started = undefined;
      throw err;
    }));

// Everything a first screen needs starts at once: the router's code (which fetches the page's code as it starts),
// the user's info, and the language's strings; the first render waits for the strings and the router. The
// sign-in page opened without a session is drawn without the router, which signing in does not need: its own code
// loads instead, and the router once the user types or leaves the page (router/SignInFirst.tsx).
const signInFirst = window.location.pathname === pathOf('login') && !hasToken();
const screen: Promise<FirstScreen> = signInFirst
  ? import('./router/SignInFirst.tsx').then((m) => ({ signIn: m.SignInFirst }))
  : startConsole().then((ready) => ({ console: ready }));
prefetchUserInfo();

const root = document.getElementById('root');
// The first render waits for the current language's strings (one small chunk), so no screen shows raw keys; a
// failed download still shows the console rather than a blank page.
if (root)
  void Promise.all([screen, loadLanguage(storedLanguage()).catch(() => undefined)]).then(([first]) =>
    createRoot(root).render(
      <StrictMode>
        <App first={first} startConsole={startConsole} />
      </StrictMode>,
    ),
  );
