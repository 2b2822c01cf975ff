import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { memberKeys } from '@/lib/query-keys.ts';

/** `GET api/members`: members within the user's reach, masked. */
export const useMembers = (params: RouteListParams<'GET /api/members'>) =>
  useQuery(pageQuery('GET /api/members', memberKeys.list(params), params));
