import { apiClient } from '@/lib/api-client.ts';
import { logKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { LOG_URLS, type LogKind } from './get-logs.ts';

/** `DELETE api/logs/del/info` or `…/error`: empties that log (administrators only). */
export async function clearLog(kind: LogKind): Promise<void> {
  await apiClient.delete(LOG_URLS[kind].clear);
}

export function useClearLog() {
  return useInvalidatingMutation(clearLog, [logKeys.all]);
}
