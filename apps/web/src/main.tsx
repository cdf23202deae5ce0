import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorLog } from './api/errorLog.ts';
import { App } from './App.tsx';
import { applyDefaultLanguage } from './features/set/system/defaultLanguage.ts';
import './styles/global.css';

installErrorLog();
void applyDefaultLanguage();

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
