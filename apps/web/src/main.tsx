import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchUserInfo } from './api/accounts.ts';
import { installErrorLog } from './api/errorLog.ts';
import { installNotifier } from './api/notifier.ts';
import { App } from './App.tsx';
import { applyDefaultLanguage } from './api/defaultLanguage.ts';
import { loadLanguage } from './i18n/i18n.ts';
import { storedLanguage } from './i18n/language.ts';
import { createAppRouter } from './router/createAppRouter.tsx';
import { pathOf } from './router/paths.ts';
import './styles/global.css';

installErrorLog();
void applyDefaultLanguage();

// Everything a first screen needs starts at once: the router fetches the page's code, the user's info is asked
// for, and the language's strings load; the first render waits for the strings only.
const router = createAppRouter();
installNotifier({ toLogin: () => void router.navigate(pathOf('login'), { replace: true }) });
prefetchUserInfo();

const root = document.getElementById('root');
// The first render waits for the current language's strings (one small chunk), so no screen shows raw keys; a
// failed download still shows the console rather than a blank page.
if (root)
  void loadLanguage(storedLanguage())
    .catch(() => undefined)
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
