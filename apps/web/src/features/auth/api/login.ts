import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@water/contract/auth';
import { apiClient } from '../../../lib/api-client.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';
import { rememberUsername, signIn } from '../../../lib/session.ts';

export async function login(body: LoginBody): Promise<LoginResponse> {
  // The server's reasons ("Captcha is wrong", ...) belong in the form, not in a notification.
  const { data } = await apiClient.post<LoginResponse>('auth/login', body, { errorNotice: 'network' });
  return data;
}

export interface LoginInput extends LoginBody {
  rememberMe: boolean;
}

/** Signs in and keeps the session; the user from the answer saves a second call to auth/info. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rememberMe: _, ...body }: LoginInput) => login(body),
    onSuccess: ({ token, user }, { username, rememberMe }) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      rememberUsername(username, rememberMe);
      signIn(token, rememberMe);
    },
  });
}
