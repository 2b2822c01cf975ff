import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthInfo } from '@water/contract/auth';
import { apiClient } from './api-client.ts';
import { useSession } from './session.ts';

export async function getCurrentUser(): Promise<AuthInfo> {
  // A 401 here means "sign in again", which the route guard handles without a dialog.
  const { data } = await apiClient.get<AuthInfo>('auth/info', { errorNotice: 'network' });
  return data;
}

export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'info'],
  queryFn: getCurrentUser,
  // Loaded once per sign-in (or set from the login answer); pages read it from the cache.
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The signed-in user, loaded once the session has a token. */
export function useCurrentUser() {
  const hasToken = useSession((state) => state.token !== undefined);
  return useQuery({ ...currentUserQuery, enabled: hasToken });
}
