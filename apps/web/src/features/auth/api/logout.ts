import { apiClient } from '../../../lib/api-client.ts';

/** Revokes the session on the server; signing out locally must not depend on it succeeding. */
export async function logout(): Promise<void> {
  await apiClient.delete('auth/logout', { errorNotice: 'none' });
}
