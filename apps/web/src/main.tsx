import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installErrorLog } from './api/errorLog.ts';
import { App } from './App.tsx';
import './styles/global.css';

installErrorLog();

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
