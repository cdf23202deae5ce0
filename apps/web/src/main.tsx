import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorLog } from './api/errorLog.ts';
import { App } from './App.tsx';
import { applyDefaultLanguage } from './features/set/system/defaultLanguage.ts';
import { loadLanguage } from './i18n/i18n.ts';
import { storedLanguage } from './i18n/language.ts';
import './styles/global.css';

installErrorLog();
void applyDefaultLanguage();

const root = document.getElementById('root');
// The first render waits for the current language's strings (one small chunk), so no screen shows raw keys; a
// failed download still shows the console rather than a blank page.
if (root)
  void loadLanguage(storedLanguage())
    .catch(() => undefined)
    .then(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
