import { useQuery } from '@tanstack/react-query';
import type { OperationLog } from '@water/contract/logs';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { logKeys } from '@/lib/query-keys.ts';

/** `GET api/logs/user`: what the signed-in user did recently, newest first. */
export function ownLogsQuery(params: ListParams) {
  return pageQuery<OperationLog>('api/logs/user', logKeys.own(params), params);
}

export function useOwnLogs(params: ListParams) {
  return useQuery(ownLogsQuery(params));
}
