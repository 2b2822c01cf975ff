import { useQuery } from '@tanstack/react-query';
import type { CouponTemplateCreateInput, CouponTemplateUpdateInput, TemplateStatus } from '@water/contract/coupons';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { deleteByIds } from '@/lib/delete-by-ids.ts';
import { couponKeys, memberKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/coupons/templates`: the coupon templates the user sees, with their figures. */
export const useTemplates = (params: RouteListParams<'GET /api/coupons/templates'>) =>
  useQuery(pageQuery('GET /api/coupons/templates', couponKeys.templates(params), params));

/** `GET api/coupons`: coupons issued to members. */
export const useIssuedCoupons = (params: RouteListParams<'GET /api/coupons'>) =>
  useQuery(pageQuery('GET /api/coupons', couponKeys.issued(params), params));

/** `GET api/coupons/stats`: issued, used, expired and their cost, by funder. */
export const useCouponStats = () =>
  useQuery({
    queryKey: couponKeys.stats(),
    queryFn: () => callApi('GET /api/coupons/stats'),
  });

async function createTemplate(input: CouponTemplateCreateInput): Promise<void> {
  await callApi('POST /api/coupons/templates', { body: input }, { errorNotice: 'network' });
}

async function updateTemplate(input: CouponTemplateUpdateInput): Promise<void> {
  await callApi('PUT /api/coupons/templates', { body: input }, { errorNotice: 'network' });
}

async function setStatus({ id, status }: { id: number; status: TemplateStatus }): Promise<void> {
  await callApi('PUT /api/coupons/templates/:id/status', { params: { id }, body: { status } });
}

const push = ({ id, phones }: { id: number; phones: string[] }) =>
  callApi('POST /api/coupons/templates/:id/push', { params: { id }, body: { phones } }, { errorNotice: 'network' });

async function revoke(ids: number[]): Promise<void> {
  await callApi('PUT /api/coupons/revoke', { body: ids });
}

export const useCreateTemplate = () => useInvalidatingMutation(createTemplate, [couponKeys.all]);
export const useUpdateTemplate = () => useInvalidatingMutation(updateTemplate, [couponKeys.all]);
export const useDeleteTemplates = () =>
  useInvalidatingMutation((ids: number[]) => deleteByIds('DELETE /api/coupons/templates', ids), [couponKeys.all]);
export const useSetTemplateStatus = () => useInvalidatingMutation(setStatus, [couponKeys.all]);
export const usePushCoupons = () => useInvalidatingMutation(push, [couponKeys.all, memberKeys.all]);
export const useRevokeCoupons = () => useInvalidatingMutation(revoke, [couponKeys.all, memberKeys.all]);
