import { agentsLocales } from './agents.ts';
import { alarmsLocales } from './alarms.ts';
import { auditLocales } from './audit.ts';
import { cardsLocales } from './cards.ts';
import { commandsLocales } from './commands.ts';
import { couponsLocales, membersLocales } from './coupons.ts';
import { deptsLocales } from './depts.ts';
import { dictsLocales } from './dicts.ts';
import { errorsLocales } from './errors.ts';
import { figuresLocales } from './figures.ts';
import { filtersLocales } from './filters.ts';
import { firmwareLocales } from './firmware.ts';
import { jobsLocales } from './jobs.ts';
import { ledgerLocales } from './ledger.ts';
import { listLocales } from './list.ts';
import { machinesLocales } from './machines.ts';
import { mailsLocales } from './mails.ts';
import { menusLocales } from './menus.ts';
import { logsLocales, onlineLocales } from './monitor.ts';
import { notificationsLocales } from './notifications.ts';
import { ordersLocales } from './orders.ts';
import { policiesLocales } from './policies.ts';
import { reconciliationLocales } from './reconciliation.ts';
import { reportsLocales } from './reports.ts';
import { rolesLocales } from './roles.ts';
import { sitesLocales } from './sites.ts';
import { slaLocales } from './sla.ts';
import { tasksLocales } from './tasks.ts';
import { usersLocales } from './users.ts';
import { withdrawalsLocales } from './withdrawals.ts';
import { workOrdersLocales } from './work-orders.ts';

/**
 * The texts the server writes too (list titles and value labels in its Excel files), under the
 * names the console gives them: `orders.paid` is the same text on the page and in the file.
 */
const catalogIn = (language: 'en' | 'zh') => ({
  list: listLocales[language],
  agents: agentsLocales[language],
  alarms: alarmsLocales[language],
  audit: auditLocales[language],
  cards: cardsLocales[language],
  commands: commandsLocales[language],
  coupons: couponsLocales[language],
  members: membersLocales[language],
  depts: deptsLocales[language],
  dicts: dictsLocales[language],
  errors: errorsLocales[language],
  figures: figuresLocales[language],
  filters: filtersLocales[language],
  firmware: firmwareLocales[language],
  jobs: jobsLocales[language],
  ledger: ledgerLocales[language],
  machines: machinesLocales[language],
  mails: mailsLocales[language],
  menus: menusLocales[language],
  logs: logsLocales[language],
  online: onlineLocales[language],
  notifications: notificationsLocales[language],
  orders: ordersLocales[language],
  policies: policiesLocales[language],
  reconciliation: reconciliationLocales[language],
  reports: reportsLocales[language],
  roles: rolesLocales[language],
  sites: sitesLocales[language],
  sla: slaLocales[language],
  tasks: tasksLocales[language],
  users: usersLocales[language],
  withdrawals: withdrawalsLocales[language],
  workOrders: workOrdersLocales[language],
});

export const TEXT_CATALOG = { en: catalogIn('en'), zh: catalogIn('zh') };

/** A text of the catalog by its key (`orders.paid`), or whatever else stands there (a group, nothing). */
export function textAt(texts: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}
