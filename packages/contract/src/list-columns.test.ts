import { describe, expect, it } from 'vitest';
import { AGENT_COLUMNS } from './agents.ts';
import { ALARM_COLUMNS } from './alarms.ts';
import { COUPON_COLUMNS, COUPON_TEMPLATE_COLUMNS, MEMBER_COLUMNS } from './coupons-columns.ts';
import { DEPT_COLUMNS } from './depts.ts';
import { DICT_COLUMNS } from './dicts.ts';
import { FIRMWARE_PACKAGE_COLUMNS, FIRMWARE_UPDATE_COLUMNS } from './firmware-columns.ts';
import { JOB_COLUMNS } from './jobs.ts';
import { COMMISSION_ORDER_COLUMNS, LEDGER_ACCOUNT_COLUMNS, LEDGER_POSTING_COLUMNS } from './ledger-columns.ts';
import type { ListColumn, ListColumns } from './list-columns.ts';
import { ERROR_LOG_COLUMNS, ONLINE_COLUMNS, OPERATION_LOG_COLUMNS } from './logs.ts';
import { MACHINE_COLUMNS } from './machines.ts';
import { MENU_COLUMNS } from './menus.ts';
import { ORDER_COLUMNS, REFUND_COLUMNS } from './orders.ts';
import { PRICE_POLICY_COLUMNS } from './price-policies.ts';
import { ROLE_COLUMNS } from './roles.ts';
import { SITE_COLUMNS } from './sites.ts';
import { TEXT_CATALOG, textAt } from './texts/catalog.ts';
import { USER_COLUMNS } from './users.ts';

/** Every list declared for the page and its Excel file. */
const LISTS: Record<string, ListColumns<never>> = {
  orders: ORDER_COLUMNS,
  refunds: REFUND_COLUMNS,
  pricePolicies: PRICE_POLICY_COLUMNS,
  couponTemplates: COUPON_TEMPLATE_COLUMNS,
  coupons: COUPON_COLUMNS,
  members: MEMBER_COLUMNS,
  agents: AGENT_COLUMNS,
  sites: SITE_COLUMNS,
  alarms: ALARM_COLUMNS,
  machines: MACHINE_COLUMNS,
  users: USER_COLUMNS,
  roles: ROLE_COLUMNS,
  depts: DEPT_COLUMNS,
  jobs: JOB_COLUMNS,
  dicts: DICT_COLUMNS,
  menus: MENU_COLUMNS,
  operationLog: OPERATION_LOG_COLUMNS,
  errorLog: ERROR_LOG_COLUMNS,
  online: ONLINE_COLUMNS,
  ledgerAccounts: LEDGER_ACCOUNT_COLUMNS,
  ledgerPostings: LEDGER_POSTING_COLUMNS,
  commissionOrders: COMMISSION_ORDER_COLUMNS,
  firmwarePackages: FIRMWARE_PACKAGE_COLUMNS,
  firmwareUpdates: FIRMWARE_UPDATE_COLUMNS,
};

describe('declared list columns', () => {
  it('title every column and label every code in both languages', () => {
    const missing: string[] = [];
    for (const [list, columns] of Object.entries(LISTS)) {
      for (const [key, column] of Object.entries<ListColumn<never>>(columns)) {
        for (const [language, texts] of Object.entries(TEXT_CATALOG)) {
          if (typeof textAt(texts, column.title) !== 'string')
            missing.push(`${language} ${list}.${key}: ${column.title}`);
          if (column.kind === 'enum') {
            const labels = textAt(texts, column.labels ?? '');
            if (typeof labels !== 'object' || labels === null)
              missing.push(`${language} ${list}.${key}: ${column.labels}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
