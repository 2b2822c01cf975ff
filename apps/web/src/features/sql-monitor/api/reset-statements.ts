import { callApi } from '@/lib/call-api.ts';
import { monitorKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `DELETE api/monitor/sql`: the figures start afresh. */
export async function resetStatements(): Promise<void> {
  await callApi('DELETE /api/monitor/sql');
}

export function useResetStatements() {
  return useInvalidatingMutation(resetStatements, [monitorKeys.statements()]);
}
