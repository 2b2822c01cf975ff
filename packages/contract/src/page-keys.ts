/**
 * The pages of the console a menu can show, by the key the menu stores in `component`
 * (eladmin's view paths). A menu naming any other key shows "page not available".
 */
export const PAGE_KEYS = [
  'system/user/index',
  'system/role/index',
  'system/menu/index',
  'system/dept/index',
  'system/job/index',
  'system/dict/index',
  'monitor/online/index',
  'monitor/log/index',
  'monitor/log/errorLog',
  'monitor/audit/index',
  'monitor/server/index',
  'monitor/sql/index',
  'tools/storage/index',
  'tools/settings/index',
  'tools/operations/index',
  'business/agent/index',
  'business/machine/index',
  'business/site/index',
  'business/model/index',
  'business/firmware/index',
  'business/policy/index',
  'business/alarm/index',
  'business/order/index',
  'business/refund/index',
  'business/member/index',
  'business/coupon/index',
  'finance/withdrawal/index',
  'finance/statement/index',
  'finance/ledger/index',
  'finance/reconciliation/index',
  'finance/card/index',
  'finance/report/index',
  'field/work-order/index',
  'field/my-work-order/index',
  'field/notifications/index',
  'field/parts/index',
  'field/sla/index',
  'field/filters/index',
  'field/map/index',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export function isPageKey(key: string | null | undefined): key is PageKey {
  return key != null && (PAGE_KEYS as readonly string[]).includes(key);
}
