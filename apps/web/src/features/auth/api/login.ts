import type { LoginBody, LoginResponse } from '@water/contract/auth';
import { apiClient } from '@/lib/api-client.ts';
import { rememberUsername, signIn } from '@/lib/session.ts';

export async function login(body: LoginBody): Promise<LoginResponse> {
  // The server's reasons ("Captcha is wrong", ...) belong in the form, not in a notification.
  const { data } = await apiClient.post<LoginResponse>('auth/login', body, { errorNotice: 'network' });
  return data;
}

/** Signs in and keeps the session; the user info in the answer saves a second call to auth/info. */
export async function signInWith(body: LoginBody, rememberMe: boolean): Promise<void> {
  const { token, user } = await login(body);
  rememberUsername(body.username, rememberMe);
  signIn(token, rememberMe, user);
}
