import { callApi } from '@/lib/call-api.ts';
import { logKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { LOG_ROUTES, type LogKind } from './get-logs.ts';

/** `DELETE api/logs/del/info` or `…/error`: empties that log (administrators only). */
export async function clearLog(kind: LogKind): Promise<void> {
  await callApi(LOG_ROUTES[kind].clear);
}

export function useClearLog() {
  return useInvalidatingMutation(clearLog, [logKeys.all]);
}
