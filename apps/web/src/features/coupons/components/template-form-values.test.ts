import type { CouponTemplate } from '@water/contract/coupons';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  newTemplate,
  parsePhones,
  type TemplateFormValues,
  toTemplateFormValues,
  toTemplateInput,
} from './template-form-values.ts';

const values = (fields: Partial<TemplateFormValues>): TemplateFormValues =>
  ({ ...newTemplate(), name: ' Spring ', value: '3', ...fields }) as TemplateFormValues;

describe('coupon template form values', () => {
  it('sends yuan as fen, litres as ml and whole percents, exactly', () => {
    expect(toTemplateInput(values({ value: '0.29', minSpend: '1.01' }))).toMatchObject({
      name: 'Spring',
      value: 29,
      minSpend: 101,
      maxDiscount: null,
    });
    expect(toTemplateInput(values({ minSpend: null })).minSpend).toBe(0);
    expect(toTemplateInput(values({ type: 'FREE_LITRES', value: '1.5' })).value).toBe(1500);
    expect(toTemplateInput(values({ type: 'PERCENT_OFF', value: '20', maxDiscount: '2.5' }))).toMatchObject({
      value: 20,
      maxDiscount: 250,
    });
  });

  it('sends only what the chosen options use', () => {
    const input = toTemplateInput(
      values({
        scope: 'ALL',
        scopeIds: [4],
        issueType: 'PUSH',
        claimCode: 'spring',
        validType: 'FIXED',
        validRange: [dayjs('2030-01-01 00:00:00'), dayjs('2030-02-01 23:59:59')],
        validDays: 30,
      }),
    );
    expect(input).toMatchObject({
      scopeIds: [],
      claimCode: null,
      validFrom: '2030-01-01 00:00:00',
      validTo: '2030-02-01 23:59:59',
      validDays: null,
    });
    expect(toTemplateInput(values({ issueType: 'CODE', claimCode: ' spring26 ' })).claimCode).toBe('SPRING26');
  });

  it('shows a stored template as it was entered', () => {
    const stored = {
      ...toTemplateInput(values({ type: 'AMOUNT_OFF', value: '2.50', minSpend: '10' })),
      id: 1,
      scopeNames: [],
      agentName: null,
      status: 'DRAFT',
      counts: {},
      createBy: null,
      createTime: '2030-01-01 00:00:00',
    } as unknown as CouponTemplate;
    expect(toTemplateFormValues(stored)).toMatchObject({ value: '2.50', minSpend: '10.00', maxDiscount: null });
  });

  it('reads pasted phone numbers in any separation, once each', () => {
    expect(parsePhones('13800138000\n13900139000, 13800138000；13700137000  ')).toEqual([
      '13800138000',
      '13900139000',
      '13700137000',
    ]);
    expect(parsePhones(undefined)).toEqual([]);
  });
});
