import type { AuthInfo } from '@water/contract/auth';
import { callApi } from './call-api.ts';

/** `auth/info`: the signed-in user with the permission strings the client checks. */
export function fetchUserInfo(): Promise<AuthInfo> {
  // A failure here signs the visitor out (spec §4), which needs no dialog on top.
  return callApi('GET /auth/info', {}, { errorNotice: 'none' });
}
