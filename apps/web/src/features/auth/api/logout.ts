import { apiClient } from '../../../lib/api-client.ts';

/** Signing out locally never waits longer than this for the server (it must not depend on it). */
const LOGOUT_TIMEOUT_MS = 5_000;

/** Revokes the session on the server; signing out locally must not depend on it succeeding. */
export async function logout(): Promise<void> {
  await apiClient.delete('auth/logout', { errorNotice: 'none', timeout: LOGOUT_TIMEOUT_MS });
}
