import { PUBLIC_PATHS } from '@water/contract/constants';
import { loginPathFor, safeRedirect } from '../lib/safe-redirect.ts';

/** Where the signed-in user's info stands: not asked yet, on its way, loaded, refused (401), or failed otherwise. */
export type UserStatus = 'idle' | 'loading' | 'ready' | 'unauthorized' | 'failed';

export interface GuardInput {
  pathname: string;
  /** The query string including its leading '?', or ''. */
  search: string;
  hasToken: boolean;
  user: UserStatus;
}

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  /** Protected page, token present, user info not there yet: show a spinner, nothing else. */
  | { kind: 'wait' }
  /** The server no longer accepts the token: forget it; the next decision sends the visitor to sign in. */
  | { kind: 'sign-out' }
  | { kind: 'failed' };

const publicPaths: ReadonlySet<string> = new Set(PUBLIC_PATHS);

export function isPublicPath(pathname: string): boolean {
  return publicPaths.has(pathname);
}

export function decideRoute({ pathname, search, hasToken, user }: GuardInput): GuardDecision {
  if (pathname === '/login' && hasToken) {
    const target = safeRedirect(new URLSearchParams(search).get('redirect'));
    return { kind: 'redirect', to: target ?? '/' };
  }
  if (isPublicPath(pathname)) return { kind: 'render' };
  if (!hasToken) return { kind: 'redirect', to: loginPathFor(pathname + search) };
  switch (user) {
    case 'ready':
      return { kind: 'render' };
    case 'unauthorized':
      return { kind: 'sign-out' };
    case 'failed':
      return { kind: 'failed' };
    default:
      return { kind: 'wait' };
  }
}
