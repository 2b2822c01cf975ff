import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api.ts';
import { roleKeys } from '@/lib/query-keys.ts';

/** `GET api/roles/level`: the caller's best (lowest) role level; users and roles above it are out of reach. */
export async function getRoleLevel(): Promise<number> {
  const { level } = await callApi('GET /api/roles/level', {}, { errorNotice: 'network' });
  return level;
}

export const roleLevelQuery = queryOptions({ queryKey: roleKeys.level(), queryFn: getRoleLevel });

export function useRoleLevel() {
  return useQuery(roleLevelQuery);
}
