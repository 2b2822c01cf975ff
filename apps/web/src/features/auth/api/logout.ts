import { callApi } from '@/lib/call-api.ts';
import { beginSignOut, restartSignedOut } from '@/lib/session.ts';

/** Signing out locally never waits longer than this for the server (it must not depend on it). */
const LOGOUT_TIMEOUT_MS = 5_000;

/** Revokes the session on the server; signing out locally must not depend on it succeeding. */
export async function logout(): Promise<void> {
  await callApi('DELETE /auth/logout', {}, { errorNotice: 'none', timeout: LOGOUT_TIMEOUT_MS });
}

/**
 * Ends the session on purpose: revokes it on the server (best effort: it may already be gone or
 * unreachable) and starts again signed out at `target`. The server's own "session ended" push
 * for this sign-out is not reported as if the session had been ended elsewhere.
 */
export async function signOut(target: string): Promise<void> {
  beginSignOut();
  await logout().catch(() => undefined);
  restartSignedOut(target);
}
