import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerStatus } from '@water/contract/logs';
import { callApi } from '@/lib/call-api.ts';
import { monitorKeys } from '@/lib/query-keys.ts';

/** How often the page asks again while it shows (TanStack Query pauses while the browser tab is hidden). */
export const REFRESH_MS = 3000;

/** `GET api/monitor/server`: the machine, the process and the database, as of now. */
export async function getServerStatus(): Promise<ServerStatus> {
  return callApi('GET /api/monitor/server');
}

export const serverStatusQuery = queryOptions({
  queryKey: monitorKeys.server(),
  queryFn: getServerStatus,
  refetchInterval: REFRESH_MS,
  refetchIntervalInBackground: false,
  // Every reading is a sample of its own: never show an old one as current.
  staleTime: 0,
  gcTime: 0,
});

export function useServerStatus() {
  return useQuery(serverStatusQuery);
}
