import '@/lib/i18n.ts';
import '@/lib/settings/settings-store.ts';
import type { CaptchaResponse } from '@water/contract/auth';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { offerCaptcha } from '@/features/auth/api/get-captcha.ts';
import { loadGlobalSetting } from '@/lib/global-setting-store.ts';
import { AppRoutes } from './router.tsx';
import { startSession } from './routing/startup.ts';

interface StartOptions {
  /** `#root` shows the sign-in page's static frame (login.html). */
  overFrame?: boolean;
  /** The first captcha, already asked for. */
  captcha?: Promise<CaptchaResponse | undefined>;
}

/**
 * Starts the console in `#root`. Over the sign-in page's static frame (login.html), it renders in
 * the background, in short slices that leave the main thread free, and replaces the frame in one
 * commit; otherwise at once.
 */
export function startApp({ overFrame = false, captcha }: StartOptions = {}): void {
  // Both start before the first render, in parallel with loading the first screen's code.
  void loadGlobalSetting();
  startSession();
  if (captcha) offerCaptcha(captcha);

  const root = createRoot(document.getElementById('root')!);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (overFrame) startTransition(() => root.render(app));
  else root.render(app);
}
