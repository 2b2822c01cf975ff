import './lib/i18n.ts';
import './lib/settings/settings-store.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { startSession } from './app/routing/startup.ts';
import { loadGlobalSetting } from './lib/global-setting-store.ts';

// Both start before the first render, in parallel with loading the first screen's code.
void loadGlobalSetting();
startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
