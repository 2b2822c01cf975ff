import type { agentsLocales } from './console/agents.ts';
import type { alarmsLocales } from './console/alarms.ts';
import type { businessLocales } from './console/business-overview.ts';
import type { couponsLocales, membersLocales } from './console/coupons.ts';
import type { deptsLocales } from './console/depts.ts';
import type { dictsLocales } from './console/dicts.ts';
import type { globalSettingsLocales } from './console/global-settings.ts';
import type { jobsLocales } from './console/jobs.ts';
import type { machinesLocales } from './console/machines.ts';
import type { menusLocales } from './console/menus.ts';
import type { logsLocales, onlineLocales } from './console/monitor.ts';
import type { operationsLocales } from './console/operations.ts';
import type { ordersLocales } from './console/orders.ts';
import type { policiesLocales } from './console/policies.ts';
import type { centerLocales } from './console/profile.ts';
import type { recoveryLocales } from './console/recovery.ts';
import type { rolesLocales } from './console/roles.ts';
import type { serverMonitorLocales } from './console/server-monitor.ts';
import type { sitesLocales } from './console/sites.ts';
import type { sqlMonitorLocales } from './console/sql-monitor.ts';
import type { storageLocales } from './console/storage.ts';
import type { usersLocales } from './console/users.ts';
import type { consoleEn } from './console-en.ts';
import type { CoreMessages, en, Texts } from './en.ts';

/** The console's texts that load with the console (shell, shared kit, pages used across features). */
export type ConsoleMessages = Texts<typeof consoleEn>;
/** Texts that load with their own page (`addPageTexts`). */
export type PageMessages = Texts<{
  menus: typeof menusLocales.en;
  dicts: typeof dictsLocales.en;
  roles: typeof rolesLocales.en;
  online: typeof onlineLocales.en;
  logs: typeof logsLocales.en;
  serverMonitor: typeof serverMonitorLocales.en;
  sqlMonitor: typeof sqlMonitorLocales.en;
  storage: typeof storageLocales.en;
  operations: typeof operationsLocales.en;
  agents: typeof agentsLocales.en;
  center: typeof centerLocales.en;
  recovery: typeof recoveryLocales.en;
  machines: typeof machinesLocales.en;
  sites: typeof sitesLocales.en;
  orders: typeof ordersLocales.en;
  alarms: typeof alarmsLocales.en;
  policies: typeof policiesLocales.en;
  depts: typeof deptsLocales.en;
  jobs: typeof jobsLocales.en;
  globalSettings: typeof globalSettingsLocales.en;
  users: typeof usersLocales.en;
  business: typeof businessLocales.en;
  coupons: typeof couponsLocales.en;
  members: typeof membersLocales.en;
}>;
/** Every text key, for typed `t()` calls: the core texts, the console's and the pages'. */
export type Messages = Texts<typeof en> & ConsoleMessages & PageMessages;
export type { CoreMessages };
