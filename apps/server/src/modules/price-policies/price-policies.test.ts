import type { ListColumn } from '@water/contract/list-columns';
import { PRICE_POLICY_COLUMNS, type PricePolicy } from '@water/contract/price-policies';
import { TEXT_CATALOG, textAt } from '@water/contract/texts/catalog';
import { describe, expect, it } from 'vitest';
import { unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { readSheet } from '../../lib/xlsx.ts';

describe('price policies export', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  it('exports the list’s columns in the console’s language: its titles, value labels and prices in yuan', async () => {
    const name = unique('Policy ');
    const created = await admin('POST', '/api/price-policies', {
      name,
      scope: 'ALL',
      priceWechat: 55,
      priceAlipay: 56,
      priceCard: 50,
      priceCoin: 100,
      memberPrice: 45,
      discountPct: '12.5',
      effectiveFrom: '2020-01-01 00:00:00',
      status: 'DISABLED',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sheetIn = async (language: string) => {
      const file = await admin('GET', `/api/price-policies/download?blurry=${encodeURIComponent(name)}`, undefined, {
        'accept-language': language,
      });
      expect(file.statusCode, file.body).toBe(200);
      const [header = [], ...rows] = await readSheet(file.rawPayload, 'price-policies.xlsx', 'file');
      expect(rows).toHaveLength(1);
      return Object.fromEntries(header.map((title, index) => [title, rows[0]?.[index]]));
    };
    expect(await sheetIn('zh-CN,zh;q=0.9')).toMatchObject({
      名称: name,
      适用范围: '全部设备',
      '微信支付（元）': '0.55',
      '投币（元）': '1',
      '会员价（元）': '0.45',
      '折扣（%）': '12.5',
      生效时间: '2020-01-01 00:00:00',
      状态: '停用',
    });
    const english = await sheetIn('en');
    expect(english).toMatchObject({
      Name: name,
      'Applies to': 'Every machine',
      'WeChat Pay (yuan)': '0.55',
      'Alipay (yuan)': '0.56',
      'Water card (yuan)': '0.5',
      'Members (yuan)': '0.45',
      'Discount (%)': '12.5',
      Status: 'Disabled',
    });
    // The columns are the page's and the file's own: every title of the one declaration, in its order.
    expect(Object.keys(english)).toEqual(
      Object.values<ListColumn<PricePolicy>>(PRICE_POLICY_COLUMNS).map((column) => {
        const title = String(textAt(TEXT_CATALOG.en, column.title));
        return column.kind === 'money' ? `${title} (yuan)` : column.kind === 'percent' ? `${title} (%)` : title;
      }),
    );
  });
});
