import { useQuery } from '@tanstack/react-query';
import type { Order, OrderDetail, Refund, RefundRequestInput, RefundReviewInput } from '@water/contract/orders';
import type { ListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { apiClient } from '@/lib/api-client.ts';
import { orderKeys, refundKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/orders`: the orders of a time range within the user's reach. */
export const useOrders = (params: ListParams) =>
  useQuery(pageQuery<Order>('api/orders', orderKeys.list(params), params));

/** `GET api/orders/{orderNo}`: one order with its refunds. */
export const useOrder = (orderNo: string | undefined) =>
  useQuery({
    queryKey: orderKeys.detail(orderNo ?? ''),
    queryFn: async () => (await apiClient.get<OrderDetail>(`api/orders/${orderNo}`)).data,
    enabled: orderNo !== undefined,
  });

/** `GET api/refunds`: refunds within the user's reach (`status=PENDING`: the review queue). */
export const useRefunds = (params: ListParams) =>
  useQuery(pageQuery<Refund>('api/refunds', refundKeys.list(params), params));

async function requestRefund({ orderNo, input }: { orderNo: string; input: RefundRequestInput }): Promise<Refund> {
  return (await apiClient.post<Refund>(`api/orders/${orderNo}/refunds`, input, { errorNotice: 'network' })).data;
}

async function reviewRefund({ id, input }: { id: number; input: RefundReviewInput }): Promise<void> {
  await apiClient.put(`api/refunds/${id}/review`, input, { errorNotice: 'network' });
}

export const useRequestRefund = () => useInvalidatingMutation(requestRefund, [orderKeys.all, refundKeys.all]);
export const useReviewRefund = () => useInvalidatingMutation(reviewRefund, [orderKeys.all, refundKeys.all]);
