import { REMEMBER_DAYS, TOKEN_COOKIE_KEY, USERNAME_COOKIE_KEY } from '@water/contract/constants';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { queryClient } from './query-client.ts';
import { rememberAttributes } from './remember.ts';

interface SessionState {
  /** `Bearer <jwt>` exactly as the server gave it; undefined when signed out. */
  token: string | undefined;
}

export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE_KEY) || undefined;
}

export const useSession = create<SessionState>(() => ({ token: readToken() }));

const secure = () => window.location.protocol === 'https:';

export function signIn(token: string, remember: boolean): void {
  Cookies.set(TOKEN_COOKIE_KEY, token, rememberAttributes(remember, REMEMBER_DAYS, secure()));
  useSession.setState({ token });
}

/** Forgets the token and every cached answer that belonged to the signed-in user. */
export function signOut(): void {
  Cookies.remove(TOKEN_COOKIE_KEY, { path: '/' });
  queryClient.clear();
  useSession.setState({ token: undefined });
}

/**
 * Drops the token and starts the app afresh at `target`: the page load discards every cached
 * answer and store of the old session, and no half-signed-out screen renders in between.
 */
export function restartSignedOut(target: string): void {
  Cookies.remove(TOKEN_COOKIE_KEY, { path: '/' });
  window.location.replace(target);
}

/** Only the username is remembered; the password never leaves the form. */
export function rememberUsername(username: string, remember: boolean): void {
  if (remember) Cookies.set(USERNAME_COOKIE_KEY, username, rememberAttributes(true, REMEMBER_DAYS, secure()));
  else Cookies.remove(USERNAME_COOKIE_KEY, { path: '/' });
}

export function rememberedUsername(): string | undefined {
  return Cookies.get(USERNAME_COOKIE_KEY) || undefined;
}
