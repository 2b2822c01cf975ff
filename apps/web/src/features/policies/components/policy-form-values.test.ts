import { asFen } from '@water/contract/money';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toPolicyFormValues, toPolicyInput } from './policy-form-values.ts';

describe('price policy form values', () => {
  it('sends prices as whole fen per litre and the start as a wire time, and reads them back', () => {
    const input = toPolicyInput({
      name: '  Summer  ',
      scope: 'AGENT',
      scopeId: 7,
      priceWechat: '0.5',
      priceAlipay: '0.50',
      priceCard: '0.29',
      priceCoin: '1',
      memberPrice: '',
      discountPct: '12.5',
      effectiveFrom: dayjs('2026-06-01T08:00:00'),
      status: 'ACTIVE',
    });
    expect(input).toEqual({
      name: 'Summer',
      scope: 'AGENT',
      scopeId: 7,
      priceWechat: asFen(50),
      priceAlipay: asFen(50),
      priceCard: asFen(29),
      priceCoin: asFen(100),
      memberPrice: null,
      discountPct: '12.50',
      effectiveFrom: '2026-06-01 08:00:00',
      status: 'ACTIVE',
    });
    const back = toPolicyFormValues({
      ...input,
      id: 1,
      scopeId: 7,
      scopeName: 'North',
      memberPrice: asFen(30),
      status: 'ACTIVE',
      createTime: null,
    });
    expect(back).toMatchObject({ priceCard: '0.29', memberPrice: '0.30', discountPct: '12.50' });
    expect(toPolicyInput({ ...back, scope: 'ALL' }).scopeId).toBeNull();
  });
});
