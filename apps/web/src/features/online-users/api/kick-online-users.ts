import { callApi } from '@/lib/call-api.ts';
import { onlineKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/**
 * `DELETE auth/online` with the sessions' keys as body. A refusal (a user above the caller's
 * level or outside its data scope) comes back as a 403 whose message the page shows itself.
 */
export async function kickOnlineUsers(keys: readonly string[]): Promise<void> {
  await callApi('DELETE /auth/online', { body: [...keys] }, { errorNotice: 'network' });
}

export function useKickOnlineUsers() {
  return useInvalidatingMutation(kickOnlineUsers, [onlineKeys.all]);
}
