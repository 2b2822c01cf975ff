import type { AuthInfo, UserDto } from '@water/contract/auth';
import { REMEMBER_DAYS, TOKEN_COOKIE_KEY, USERNAME_COOKIE_KEY } from '@water/contract/constants';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { rememberAttributes } from './remember.ts';
import { rolesOf } from './session-roles.ts';

/** The session of spec §3: token, user, permission strings and whether the menus still have to be fetched. */
export interface SessionState {
  /** `Bearer <jwt>` exactly as the server gave it; undefined when signed out. */
  token: string | undefined;
  user: UserDto | undefined;
  /** Permission strings from `auth/info`; empty until the user info has been loaded. */
  roles: string[];
  /** Whether the user's data scope is the whole company (no department limits it): `auth/info` names no scope. */
  unrestricted: boolean;
  /** Set at sign-in and on every start; cleared once `api/menus/build` has been turned into routes. */
  loadMenus: boolean;
}

export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE_KEY) || undefined;
}

export const useSession = create<SessionState>(() => ({
  token: readToken(),
  user: undefined,
  roles: [],
  unrestricted: false,
  loadMenus: true,
}));

const secure = () => window.location.protocol === 'https:';

/** What the session keeps of `auth/info`. */
const userState = (info: AuthInfo) => ({
  user: info.user,
  roles: rolesOf(info.roles),
  unrestricted: info.dataScopes.length === 0,
});

export function signIn(token: string, remember: boolean, info: AuthInfo): void {
  Cookies.set(TOKEN_COOKIE_KEY, token, rememberAttributes(remember, REMEMBER_DAYS, secure()));
  useSession.setState({ token, ...userState(info), loadMenus: true });
}

export function setUserInfo(info: AuthInfo): void {
  useSession.setState(userState(info));
}

export function menusLoaded(): void {
  useSession.setState({ loadMenus: false });
}

let signingOut = false;

/** The user chose to sign out: the session ends here, not elsewhere. */
export function beginSignOut(): void {
  signingOut = true;
}

/** True between choosing to sign out and the page load that follows. */
export function isSigningOut(): boolean {
  return signingOut;
}

/** Keys of per-browser-tab state that belongs to the signed-in user and must not outlive the session. */
const sessionScopedStorage = new Set<string>();

export function registerSessionStorageKey(key: string): void {
  sessionScopedStorage.add(key);
}

/**
 * Drops the token, the roles and everything kept for the session, then starts the app afresh at
 * `target`: the page load discards every cached answer of the old session, and no
 * half-signed-out screen renders in between.
 */
export function restartSignedOut(target: string): void {
  Cookies.remove(TOKEN_COOKIE_KEY, { path: '/' });
  useSession.setState({ token: undefined, user: undefined, roles: [], unrestricted: false });
  for (const key of sessionScopedStorage) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Storage blocked: nothing was kept there either.
    }
  }
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
