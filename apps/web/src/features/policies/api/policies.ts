import { useQuery } from '@tanstack/react-query';
import type { PricePolicy, PricePolicyCreateInput, PricePolicyUpdateInput } from '@water/contract/price-policies';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { policyKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/price-policies`: the policies the user sees. */
export const usePolicies = (params: ListParams) =>
  useQuery(pageQuery<PricePolicy>('api/price-policies', policyKeys.list(params), params));

async function createPolicy(input: PricePolicyCreateInput): Promise<void> {
  await apiClient.post('api/price-policies', input, { errorNotice: 'network' });
}

async function updatePolicy(input: PricePolicyUpdateInput): Promise<void> {
  await apiClient.put('api/price-policies', input, { errorNotice: 'network' });
}

export const useCreatePolicy = () => useInvalidatingMutation(createPolicy, [policyKeys.all]);
export const useUpdatePolicy = () => useInvalidatingMutation(updatePolicy, [policyKeys.all]);
export const useDeletePolicies = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('api/price-policies', ids), [policyKeys.all]);
