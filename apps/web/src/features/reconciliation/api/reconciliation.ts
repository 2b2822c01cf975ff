import { useQuery } from '@tanstack/react-query';
import type { ImportStatementQuery, ResolveInput } from '@water/contract/reconciliation';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { reconciliationKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/reconciliation/imports`: the channels' statements imported, the latest day first. */
export const useImports = (params: RouteListParams<'GET /api/reconciliation/imports'>) =>
  useQuery(pageQuery('GET /api/reconciliation/imports', reconciliationKeys.imports(params), params));

/** `GET api/reconciliation/discrepancies`: the queue of discrepancies. */
export const useDiscrepancies = (params: RouteListParams<'GET /api/reconciliation/discrepancies'>) =>
  useQuery(pageQuery('GET /api/reconciliation/discrepancies', reconciliationKeys.discrepancies(params), params));

/** `POST api/reconciliation/imports` (multipart `file`): a channel's statement of a day. */
function importStatement({ file, ...query }: ImportStatementQuery & { file: File }) {
  const body = new FormData();
  body.append('file', file, file.name);
  // No JSON type (the client's default): the browser sets multipart with its boundary.
  return callApi('POST /api/reconciliation/imports', { query, body }, { headers: { 'Content-Type': null } });
}

async function resolveDiscrepancy({ id, ...body }: ResolveInput & { id: number }) {
  return callApi('PUT /api/reconciliation/discrepancies/:id/resolve', { params: { id }, body });
}

export const useImportStatement = () => useInvalidatingMutation(importStatement, [reconciliationKeys.all]);
export const useResolveDiscrepancy = () => useInvalidatingMutation(resolveDiscrepancy, [reconciliationKeys.all]);
