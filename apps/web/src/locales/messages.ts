import type { agentsLocales } from '@water/contract/texts/agents';
import type { alarmsLocales } from '@water/contract/texts/alarms';
import type { businessLocales } from '@water/contract/texts/business-overview';
import type { couponsLocales, membersLocales } from '@water/contract/texts/coupons';
import type { deptsLocales } from '@water/contract/texts/depts';
import type { dictsLocales } from '@water/contract/texts/dicts';
import type { figuresLocales } from '@water/contract/texts/figures';
import type { globalSettingsLocales } from '@water/contract/texts/global-settings';
import type { jobsLocales } from '@water/contract/texts/jobs';
import type { machinesLocales } from '@water/contract/texts/machines';
import type { menusLocales } from '@water/contract/texts/menus';
import type { logsLocales, onlineLocales } from '@water/contract/texts/monitor';
import type { operationsLocales } from '@water/contract/texts/operations';
import type { ordersLocales } from '@water/contract/texts/orders';
import type { policiesLocales } from '@water/contract/texts/policies';
import type { centerLocales } from '@water/contract/texts/profile';
import type { recoveryLocales } from '@water/contract/texts/recovery';
import type { rolesLocales } from '@water/contract/texts/roles';
import type { serverMonitorLocales } from '@water/contract/texts/server-monitor';
import type { sitesLocales } from '@water/contract/texts/sites';
import type { sqlMonitorLocales } from '@water/contract/texts/sql-monitor';
import type { storageLocales } from '@water/contract/texts/storage';
import type { usersLocales } from '@water/contract/texts/users';
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
  figures: typeof figuresLocales.en;
}>;
/** Every text key, for typed `t()` calls: the core texts, the console's and the pages'. */
export type Messages = Texts<typeof en> & ConsoleMessages & PageMessages;
export type { CoreMessages };
