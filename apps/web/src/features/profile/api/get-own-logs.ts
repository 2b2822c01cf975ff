import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OperationLog } from '@water/contract/logs';
import { fetchPage } from '@/components/list/fetch-page.ts';
import type { ListParams } from '@/components/list/list-params.ts';

/** `GET api/logs/user`: what the signed-in user did recently, newest first. */
export function getOwnLogs(params: ListParams) {
  return fetchPage<OperationLog>('api/logs/user', params);
}

export function ownLogsQuery(params: ListParams) {
  return queryOptions({
    queryKey: ['logs', 'own', params] as const,
    queryFn: () => getOwnLogs(params),
    placeholderData: keepPreviousData,
  });
}

export function useOwnLogs(params: ListParams) {
  return useQuery(ownLogsQuery(params));
}
