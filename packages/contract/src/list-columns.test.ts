import { describe, expect, it } from 'vitest';
import { AGENT_COLUMNS } from './agents.ts';
import { ALARM_COLUMNS } from './alarms.ts';
import { COUPON_COLUMNS, COUPON_TEMPLATE_COLUMNS, MEMBER_COLUMNS } from './coupons-columns.ts';
import type { ListColumn, ListColumns } from './list-columns.ts';
import { MACHINE_COLUMNS } from './machines.ts';
import { ORDER_COLUMNS, REFUND_COLUMNS } from './orders.ts';
import { PRICE_POLICY_COLUMNS } from './price-policies.ts';
import { SITE_COLUMNS } from './sites.ts';
import { TEXT_CATALOG } from './texts/catalog.ts';

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
};

const textAt = (texts: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

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
