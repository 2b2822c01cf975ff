import { isPageKey, type PageKey } from '@water/contract/page-keys';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type PageLoader = () => Promise<ComponentType>;

/**
 * The code of each page a menu can name (its `component`, one of the contract's page keys).
 * Explicit and typed: a menu naming any other key shows "page not available" rather than a crash.
 */
export const PAGE_LOADERS = {
  'system/user/index': async () => (await import('@/features/users/pages/users-admin-page.tsx')).UsersAdminPage,
  'system/role/index': async () => (await import('@/features/roles/pages/roles-admin-page.tsx')).RolesAdminPage,
  'system/menu/index': async () => (await import('@/features/menus/pages/menus-admin-page.tsx')).MenusAdminPage,
  'system/dept/index': async () => (await import('@/features/depts/pages/depts-admin-page.tsx')).DeptsAdminPage,
  'system/job/index': async () => (await import('@/features/jobs/pages/jobs-admin-page.tsx')).JobsAdminPage,
  'system/dict/index': async () => (await import('@/features/dicts/pages/dicts-admin-page.tsx')).DictsAdminPage,
  'monitor/online/index': async () =>
    (await import('@/features/online-users/pages/online-users-page.tsx')).OnlineUsersPage,
  'monitor/log/index': async () => (await import('@/features/logs/pages/operation-log-page.tsx')).OperationLogPage,
  'monitor/log/errorLog': async () => (await import('@/features/logs/pages/error-log-page.tsx')).ErrorLogPage,
  'monitor/audit/index': async () => (await import('@/features/audit/pages/change-records-page.tsx')).ChangeRecordsPage,
  'monitor/server/index': async () =>
    (await import('@/features/server-monitor/pages/server-monitor-page.tsx')).ServerMonitorPage,
  'monitor/sql/index': async () => (await import('@/features/sql-monitor/pages/sql-monitor-page.tsx')).SqlMonitorPage,
  'tools/storage/index': async () => (await import('@/features/storage/pages/storage-page.tsx')).StoragePage,
  'tools/settings/index': async () =>
    (await import('@/features/global-settings/pages/global-settings-page.tsx')).GlobalSettingsPage,
  'tools/operations/index': async () =>
    (await import('@/features/operations/pages/operations-page.tsx')).OperationsPage,
  'business/agent/index': async () => (await import('@/features/agents/pages/agents-page.tsx')).AgentsPage,
  'business/machine/index': async () => (await import('@/features/machines/pages/machines-page.tsx')).MachinesPage,
  'business/site/index': async () => (await import('@/features/sites/pages/sites-page.tsx')).SitesPage,
  'business/model/index': async () =>
    (await import('@/features/machines/pages/machine-models-page.tsx')).MachineModelsPage,
  'business/policy/index': async () =>
    (await import('@/features/policies/pages/price-policies-page.tsx')).PricePoliciesPage,
  'business/alarm/index': async () => (await import('@/features/alarms/pages/alarms-page.tsx')).AlarmsPage,
  'business/order/index': async () => (await import('@/features/orders/pages/orders-page.tsx')).OrdersPage,
  'business/refund/index': async () => (await import('@/features/orders/pages/refunds-page.tsx')).RefundsPage,
  'business/member/index': async () => (await import('@/features/members/pages/members-page.tsx')).MembersPage,
  'business/firmware/index': async () => (await import('@/features/firmware/pages/firmware-page.tsx')).FirmwarePage,
  'field/work-order/index': async () =>
    (await import('@/features/work-orders/pages/work-orders-page.tsx')).WorkOrdersPage,
  'field/my-work-order/index': async () =>
    (await import('@/features/work-orders/pages/my-work-orders-page.tsx')).MyWorkOrdersPage,
  'field/notifications/index': async () =>
    (await import('@/features/notifications/pages/notifications-page.tsx')).NotificationsPage,
  'field/parts/index': async () => (await import('@/features/parts/pages/parts-page.tsx')).PartsPage,
  'field/sla/index': async () => (await import('@/features/sla/pages/sla-page.tsx')).SlaPage,
  'field/filters/index': async () =>
    (await import('@/features/filters/pages/filter-schedule-page.tsx')).FilterSchedulePage,
  'field/map/index': async () => (await import('@/features/map/pages/map-page.tsx')).MapPage,
  'business/coupon/index': async () => (await import('@/features/coupons/pages/coupons-page.tsx')).CouponsPage,
  'finance/withdrawal/index': async () =>
    (await import('@/features/withdrawals/pages/withdrawals-page.tsx')).WithdrawalsPage,
  'finance/statement/index': async () => (await import('@/features/ledger/pages/statements-page.tsx')).StatementsPage,
  'finance/ledger/index': async () => (await import('@/features/ledger/pages/ledger-page.tsx')).LedgerPage,
  'finance/reconciliation/index': async () =>
    (await import('@/features/reconciliation/pages/reconciliation-page.tsx')).ReconciliationPage,
  'finance/report/index': async () => (await import('@/features/reports/pages/reports-page.tsx')).ReportsPage,
  'finance/card/index': async () => (await import('@/features/cards/pages/water-cards-page.tsx')).WaterCardsPage,
} satisfies Record<PageKey, PageLoader>;

/** What a page shows first, asked for as it opens, beside its code: the heaviest answers only. */
const FIRST_DATA: Partial<Record<PageKey, () => void>> = {
  'field/map/index': () =>
    void import('@/features/map/api/fleet-map.ts').then(({ prefetchFleetMap }) => prefetchFleetMap()),
};

const pages = new Map<PageKey, LazyExoticComponent<ComponentType>>();

/** The page component for a server page key (loaded on first render), or undefined for an unknown key. */
export function pageFor(key: string | undefined): LazyExoticComponent<ComponentType> | undefined {
  if (!isPageKey(key)) return undefined;
  let page = pages.get(key);
  if (!page) {
    const load = PAGE_LOADERS[key];
    const firstData = FIRST_DATA[key];
    page = lazy(async () => {
      firstData?.();
      return { default: await load() };
    });
    pages.set(key, page);
  }
  return page;
}
