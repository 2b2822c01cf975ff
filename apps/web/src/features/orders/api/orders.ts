import { useQuery } from '@tanstack/react-query';
import type { RefundRequestInput, RefundReviewInput } from '@water/contract/orders';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { orderKeys, refundKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/orders`: the orders of a time range within the user's reach. */
export const useOrders = (params: RouteListParams<'GET /api/orders'>) =>
  useQuery(pageQuery('GET /api/orders', orderKeys.list(params), params));

/** `GET api/orders/{orderNo}`: one order with its refunds (one out of reach: the drawer says so). */
export const useOrder = (orderNo: string | undefined) =>
  useQuery({
    queryKey: orderKeys.detail(orderNo ?? ''),
    queryFn: () =>
      callApi('GET /api/orders/:orderNo', { params: { orderNo: orderNo ?? '' } }, { errorNotice: 'network' }),
    enabled: orderNo !== undefined,
  });

/** `GET api/refunds`: refunds within the user's reach (`status=PENDING`: the review queue). */
export const useRefunds = (params: RouteListParams<'GET /api/refunds'>) =>
  useQuery(pageQuery('GET /api/refunds', refundKeys.list(params), params));

const requestRefund = ({ orderNo, input }: { orderNo: string; input: RefundRequestInput }) =>
  callApi('POST /api/orders/:orderNo/refunds', { params: { orderNo }, body: input }, { errorNotice: 'network' });

async function reviewRefund({ id, input }: { id: number; input: RefundReviewInput }): Promise<void> {
  await callApi('PUT /api/refunds/:id/review', { params: { id }, body: input }, { errorNotice: 'network' });
}

export const useRequestRefund = () => useInvalidatingMutation(requestRefund, [orderKeys.all, refundKeys.all]);
export const useReviewRefund = () => useInvalidatingMutation(reviewRefund, [orderKeys.all, refundKeys.all]);
