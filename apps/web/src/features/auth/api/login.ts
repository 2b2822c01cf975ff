import type { LoginBody } from '@water/contract/auth';
import { callApi } from '@/lib/call-api.ts';
import { rememberUsername, signIn } from '@/lib/session.ts';

export function login(body: LoginBody) {
  // The server's reasons ("Captcha is wrong", ...) belong in the form, not in a notification.
  return callApi('POST /auth/login', { body }, { errorNotice: 'network' });
}

/** Signs in and keeps the session; the user info in the answer saves a second call to auth/info. */
export async function signInWith(body: LoginBody, rememberMe: boolean): Promise<void> {
  const { token, user } = await login(body);
  rememberUsername(body.username, rememberMe);
  signIn(token, rememberMe, user);
}
