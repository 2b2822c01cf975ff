import { useQuery } from '@tanstack/react-query';
import type {
  Coupon,
  CouponStats,
  CouponTemplate,
  CouponTemplateCreateInput,
  CouponTemplateUpdateInput,
  PushResult,
  TemplateStatus,
} from '@water/contract/coupons';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { couponKeys, memberKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/coupons/templates`: the coupon templates the user sees, with their figures. */
export const useTemplates = (params: ListParams) =>
  useQuery(pageQuery<CouponTemplate>('api/coupons/templates', couponKeys.templates(params), params));

/** `GET api/coupons`: coupons issued to members. */
export const useIssuedCoupons = (params: ListParams) =>
  useQuery(pageQuery<Coupon>('api/coupons', couponKeys.issued(params), params));

/** `GET api/coupons/stats`: issued, used, expired and their cost, by funder. */
export const useCouponStats = () =>
  useQuery({
    queryKey: couponKeys.stats(),
    queryFn: async () => (await apiClient.get<CouponStats>('api/coupons/stats')).data,
  });

async function createTemplate(input: CouponTemplateCreateInput): Promise<void> {
  await apiClient.post('api/coupons/templates', input, { errorNotice: 'network' });
}

async function updateTemplate(input: CouponTemplateUpdateInput): Promise<void> {
  await apiClient.put('api/coupons/templates', input, { errorNotice: 'network' });
}

async function setStatus({ id, status }: { id: number; status: TemplateStatus }): Promise<void> {
  await apiClient.put(`api/coupons/templates/${id}/status`, { status });
}

async function push({ id, phones }: { id: number; phones: string[] }): Promise<PushResult> {
  return (await apiClient.post<PushResult>(`api/coupons/templates/${id}/push`, { phones }, { errorNotice: 'network' }))
    .data;
}

async function revoke(ids: number[]): Promise<void> {
  await apiClient.put('api/coupons/revoke', ids);
}

export const useCreateTemplate = () => useInvalidatingMutation(createTemplate, [couponKeys.all]);
export const useUpdateTemplate = () => useInvalidatingMutation(updateTemplate, [couponKeys.all]);
export const useDeleteTemplates = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('api/coupons/templates', ids), [couponKeys.all]);
export const useSetTemplateStatus = () => useInvalidatingMutation(setStatus, [couponKeys.all]);
export const usePushCoupons = () => useInvalidatingMutation(push, [couponKeys.all, memberKeys.all]);
export const useRevokeCoupons = () => useInvalidatingMutation(revoke, [couponKeys.all, memberKeys.all]);
