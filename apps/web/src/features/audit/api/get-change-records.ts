import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { auditKeys } from '@/lib/query-keys.ts';

export type ChangeRecordParams = RouteListParams<'GET /api/audit'>;

/** `GET api/audit`: change records searched by record, user, action and time, newest first. */
export function useChangeRecords(params: ChangeRecordParams) {
  return useQuery(pageQuery('GET /api/audit', auditKeys.list(params), params));
}
