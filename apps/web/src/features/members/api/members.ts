import { useQuery } from '@tanstack/react-query';
import type { PushResult } from '@water/contract/coupons';
import dayjs from 'dayjs';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { couponKeys, memberKeys, orderKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/members`: members within the user's reach, masked. */
export const useMembers = (params: RouteListParams<'GET /api/members'>) =>
  useQuery(pageQuery('GET /api/members', memberKeys.list(params), params));

/** How far back a member's detail lists their orders (the longest range the order list takes). */
export const MEMBER_ORDER_DAYS = 92;
/** At most this many of a member's orders and coupons in the detail, the newest first. */
const DETAIL_ROWS = 20;

/** A member's orders of the last days, within the user's reach (only when the user may list orders). */
export function useMemberOrders(memberId: number | undefined, enabled: boolean) {
  const to = dayjs().format('YYYY-MM-DD');
  const from = dayjs()
    .subtract(MEMBER_ORDER_DAYS - 1, 'day')
    .format('YYYY-MM-DD');
  const params = { memberId, createTime: [from, to], page: 0, size: DETAIL_ROWS, sort: ['createTime,desc'] };
  return useQuery({
    ...pageQuery('GET /api/orders', orderKeys.list(params), params as RouteListParams<'GET /api/orders'>),
    enabled: enabled && memberId !== undefined,
  });
}

/** The coupons a member holds, within the user's reach (only when the user may list coupons). */
export function useMemberCoupons(memberId: number | undefined, enabled: boolean) {
  const params = { memberId, page: 0, size: DETAIL_ROWS, sort: ['createTime,desc'] };
  return useQuery({
    ...pageQuery('GET /api/coupons', couponKeys.issued(params), params as RouteListParams<'GET /api/coupons'>),
    enabled: enabled && memberId !== undefined,
  });
}

/** The coupons being pushed now, to choose one for a member. */
export function usePushableTemplates(blurry: string) {
  // The newest first, found by name on the server: an operator may push more than one page of them.
  const params: RouteListParams<'GET /api/coupons/templates'> = {
    issueType: 'PUSH',
    status: 'ACTIVE',
    blurry: blurry || undefined,
    page: 0,
    size: 50,
    sort: ['createTime,desc'],
  };
  return useQuery({
    ...pageQuery('GET /api/coupons/templates', couponKeys.templates(params), params),
  });
}

async function issueTo({ templateId, memberId }: { templateId: number; memberId: number }): Promise<PushResult> {
  return callApi(
    'POST /api/coupons/templates/:id/push',
    { params: { id: templateId }, body: { memberIds: [memberId] } },
    { errorNotice: 'network' },
  );
}

/** Pushes one coupon of a template to a member chosen in the console. */
export const useIssueToMember = () => useInvalidatingMutation(issueTo, [couponKeys.all, memberKeys.all]);
