import type { AuthInfo } from '@water/contract/auth';
import { apiClient } from './api-client.ts';

/** `auth/info`: the signed-in user with the permission strings the client checks. */
export async function fetchUserInfo(): Promise<AuthInfo> {
  // A failure here signs the visitor out (spec §4), which needs no dialog on top.
  const { data } = await apiClient.get<AuthInfo>('auth/info', { errorNotice: 'none' });
  return data;
}
