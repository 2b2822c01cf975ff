import { COUPON_TEMPLATE_COLUMNS } from '@water/contract/coupons-columns';
import { describe, expect, it } from 'vitest';
import { unique } from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';
import { readSheet } from '../../lib/xlsx.ts';

/** What the templates made here share: the platform's, pushed, good everywhere for a week. */
const templateBody = {
  minSpend: 0,
  scope: 'ALL',
  issueType: 'PUSH',
  total: 0,
  perMember: 1,
  validType: 'DAYS',
  validDays: 7,
  fundedBy: 'PLATFORM',
};

describe('coupon templates and issued coupons export', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);

  /** A template made by the administrator and started; answers its id. */
  const template = async (fields: Record<string, unknown>) => {
    const created = await admin('POST', '/api/coupons/templates', { ...templateBody, ...fields });
    expect(created.statusCode, created.body).toBe(201);
    const found = await admin('GET', `/api/coupons/templates?blurry=${encodeURIComponent(String(fields.name))}`);
    const id = found.json().content[0].id as number;
    expect((await admin('PUT', `/api/coupons/templates/${id}/status`, { status: 'ACTIVE' })).statusCode).toBe(204);
    return id;
  };
  /** The rows of an export in a language, each by its column titles. */
  const sheetIn = async (url: string, language: string) => {
    const file = await admin('GET', url, undefined, { 'accept-language': language });
    expect(file.statusCode, file.body).toBe(200);
    const [header = [], ...rows] = await readSheet(file.rawPayload, 'export.xlsx', 'file');
    return rows.map((row) => Object.fromEntries(header.map((title, index) => [title, row[index]])));
  };

  it('writes each template’s value in its unit, its codes by their labels, in the console’s language', async () => {
    const prefix = unique('Export ');
    const amount = await template({ name: `${prefix} amount`, type: 'AMOUNT_OFF', value: 30, minSpend: 100 });
    const claimCode = unique('CODE');
    await template({
      name: `${prefix} percent`,
      type: 'PERCENT_OFF',
      value: 20,
      maxDiscount: 200,
      issueType: 'CODE',
      claimCode,
    });
    await template({ name: `${prefix} water`, type: 'FREE_LITRES', value: 1500, maxDiscount: 500 });
    const phone = `136${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const pushed = await admin('POST', `/api/coupons/templates/${amount}/push`, { phones: [phone] });
    expect(pushed.json(), pushed.body).toEqual({ issued: 1, refused: [] });

    const url = `/api/coupons/templates/download?blurry=${encodeURIComponent(prefix)}&sort=id,asc`;
    const [amountZh, percentZh, waterZh] = await sheetIn(url, 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(amountZh).toMatchObject({
      名称: `${prefix} amount`,
      类型: '满减券',
      '减免金额（元）': '0.3',
      '最低消费（元）': '1',
      适用范围: '全部设备',
      领取方式: '推送',
      有效期: '领取后天数',
      天数: '7',
      状态: '发放中',
      已发: '1',
      已用: '0',
      '优惠成本（元）': '0',
      出资方: '平台',
    });
    expect(percentZh).toMatchObject({ 类型: '折扣券', '减免比例（%）': '20', '最多减（元）': '2', 兑换码: claimCode });
    expect(waterZh).toMatchObject({ 类型: '免费水券', '免费水量（毫升）': '1500' });
    const english = await sheetIn(url, 'en');
    expect(english[0]).toMatchObject({
      Type: 'Amount off',
      'Amount off (yuan)': '0.3',
      'Minimum spend (yuan)': '1',
      'Good at': 'Every machine',
      'Members get it': 'Push',
      Status: 'Active',
      Issued: '1',
      'Paid for by': 'The platform',
    });
    expect(english[1]).toMatchObject({ Type: 'Percent off', 'Percent off (%)': '20', 'Members get it': 'Code' });
    expect(english[2]).toMatchObject({ Type: 'Free water', 'Free water (ml)': '1500' });
    expect(Object.keys(english[0] ?? {})).toHaveLength(Object.keys(COUPON_TEMPLATE_COLUMNS).length);

    const coupons = `/api/coupons/download?blurry=${phone}`;
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const [issuedZh] = await sheetIn(coupons, 'zh-CN');
    expect(issuedZh).toMatchObject({
      优惠券: `${prefix} amount`,
      类型: '满减券',
      '减免金额（元）': '0.3',
      会员: masked,
      状态: '未使用',
      领取方式: '推送',
      '优惠金额（元）': '0',
    });
    const [issued] = await sheetIn(coupons, 'en-GB');
    expect(issued).toMatchObject({
      Coupon: `${prefix} amount`,
      Type: 'Amount off',
      'Amount off (yuan)': '0.3',
      Member: masked,
      Status: 'Unused',
      'Members get it': 'Push',
      'Took off (yuan)': '0',
    });
    expect(issued?.Code).toMatch(/^[A-Z0-9]+$/);
  });
});
