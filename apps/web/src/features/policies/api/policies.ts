import { useQuery } from '@tanstack/react-query';
import type { PricePolicyCreateInput, PricePolicyUpdateInput } from '@water/contract/price-policies';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { policyKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/price-policies`: the policies the user sees. */
export const usePolicies = (params: RouteListParams<'GET /api/price-policies'>) =>
  useQuery(pageQuery('GET /api/price-policies', policyKeys.list(params), params));

async function createPolicy(input: PricePolicyCreateInput): Promise<void> {
  await callApi('POST /api/price-policies', { body: input }, { errorNotice: 'network' });
}

async function updatePolicy(input: PricePolicyUpdateInput): Promise<void> {
  await callApi('PUT /api/price-policies', { body: input }, { errorNotice: 'network' });
}

export const useCreatePolicy = () => useInvalidatingMutation(createPolicy, [policyKeys.all]);
export const useUpdatePolicy = () => useInvalidatingMutation(updatePolicy, [policyKeys.all]);
export const useDeletePolicies = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('DELETE /api/price-policies', ids), [policyKeys.all]);
