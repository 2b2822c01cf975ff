import { PUBLIC_PATHS } from '@water/contract/constants';
import { loginPathFor, safeRedirect } from '@/lib/safe-redirect.ts';
import { HOME_PATH } from './routing/fixed-pages.ts';

/** Where something the shell needs before showing a page stands. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface GuardInput {
  pathname: string;
  /** The query string including its leading '?', or ''. */
  search: string;
  /** The fragment including its leading '#' (a record a page shows, `#order=…`), or ''. */
  hash?: string;
  hasToken: boolean;
  /** The user info: `ready` once the roles are known. */
  user: LoadStatus;
  /** The menus: `ready` once `api/menus/build` has been turned into routes (the loadMenus flag is clear). */
  menus: LoadStatus;
  /** Whether the path is a console page: a fixed one or one the menus make reachable. */
  isKnownPath: boolean;
  /** The server wants a new password before anything else (a default or reset password). */
  passwordChange?: boolean;
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /** Protected page, token present, user info or menus not there yet: a spinner, nothing else. */
  | { kind: 'wait' }
  /** The user info could not be loaded: log out and reload (spec §4). */
  | { kind: 'sign-out' }
  | { kind: 'menus-failed' };

const publicPaths: ReadonlySet<string> = new Set(PUBLIC_PATHS);

/** Where a user who must replace a default password is held until they have. */
export const PASSWORD_CHANGE_PATH = '/password-change';

export function isPublicPath(pathname: string): boolean {
  return publicPaths.has(pathname);
}

/** The navigation rules of spec §2 and §4, as one pure decision. */
export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, search, hash = '', hasToken, user, menus, isKnownPath, passwordChange = false } = input;
  if (pathname === '/login' && hasToken) {
    const target = safeRedirect(new URLSearchParams(search).get('redirect'));
    // Straight to the home page rather than through "/", which would only redirect there.
    return { kind: 'redirect', to: target ?? HOME_PATH };
  }
  if (isPublicPath(pathname)) return { kind: 'render' };
  // The whole address, so that a shared link to a record opens it once signed in.
  if (!hasToken) return { kind: 'redirect', to: loginPathFor(pathname + search + hash) };
  if (user === 'failed') return { kind: 'sign-out' };
  if (user !== 'ready') return { kind: 'wait' };
  if (passwordChange)
    return pathname === PASSWORD_CHANGE_PATH ? { kind: 'render' } : { kind: 'redirect', to: PASSWORD_CHANGE_PATH };
  if (pathname === PASSWORD_CHANGE_PATH) return { kind: 'redirect', to: '/' };
  if (menus === 'failed') return { kind: 'menus-failed' };
  if (menus !== 'ready') return { kind: 'wait' };
  if (!isKnownPath) return { kind: 'redirect', to: '/404' };
  // Spec §2: "/" is the home page; going there before the layout renders avoids drawing it twice.
  if (pathname === '/') return { kind: 'redirect', to: `/dashboard${search}` };
  return { kind: 'render' };
}
