import type { CaptchaResponse } from '@water/contract/auth';
import { CAPTCHA_TTL_MS } from '@water/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '@/lib/call-api.ts';

export function getCaptcha(): Promise<CaptchaResponse> {
  return callApi('GET /auth/code');
}

let offered: { captcha: Promise<CaptchaResponse | undefined>; at: number } | undefined;

/**
 * A captcha asked for before the page's code had loaded (login.html's entry asks for it alongside
 * that code): the sign-in form shows it rather than asking again, if it is still fresh.
 */
export function offerCaptcha(captcha: Promise<CaptchaResponse | undefined>): void {
  offered = { captcha, at: Date.now() };
}

/** The offered captcha (once), or a new one. */
async function nextCaptcha(): Promise<CaptchaResponse> {
  const early = offered;
  offered = undefined;
  const fresh =
    early && Date.now() - early.at < CAPTCHA_TTL_MS / 2 ? await early.captcha.catch(() => undefined) : undefined;
  return fresh ?? getCaptcha();
}

interface CaptchaState {
  data: CaptchaResponse | undefined;
  loading: boolean;
  failed: boolean;
}

/**
 * The current captcha question. Each one is single-use and short-lived, so it is never cached,
 * and it is swapped shortly before the server forgets it so a slow typist does not get "expired".
 * (Plain state rather than react-query: the sign-in page stays small.)
 */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({ data: undefined, loading: true, failed: false });
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const request = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const data = await nextCaptcha();
      if (request === latest.current) setState({ data, loading: false, failed: false });
    } catch {
      if (request === latest.current) setState({ data: undefined, loading: false, failed: true });
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, CAPTCHA_TTL_MS - 10_000);
    return () => {
      clearInterval(timer);
      latest.current += 1;
    };
  }, [refresh]);

  return { ...state, refresh };
}
