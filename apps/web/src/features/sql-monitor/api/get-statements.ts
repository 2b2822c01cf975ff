import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { StatementStats } from '@water/contract/logs';
import { callApi } from '@/lib/call-api.ts';
import { monitorKeys } from '@/lib/query-keys.ts';

/** `GET api/monitor/sql`: every statement shape the server ran since start or the last reset. */
export async function getStatements(): Promise<StatementStats[]> {
  return callApi('GET /api/monitor/sql');
}

export const statementsQuery = queryOptions({
  queryKey: monitorKeys.statements(),
  queryFn: getStatements,
  // The figures change with every request the server answers: read them afresh on each visit.
  staleTime: 0,
});

/** The statements, or what `select` makes of them (a page of the list); every caller shares one request. */
export function useStatements(): UseQueryResult<StatementStats[]>;
export function useStatements<T>(select: (statements: StatementStats[]) => T): UseQueryResult<T>;
export function useStatements<T>(select?: (statements: StatementStats[]) => T) {
  return useQuery({ ...statementsQuery, select });
}
