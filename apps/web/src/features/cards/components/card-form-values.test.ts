import { asFen } from '@water/contract/money';
import { describe, expect, it } from 'vitest';
import { notAPhone, parsePhones, toBatchInput, toLimitsInput, topUpPreview } from './card-form-values.ts';

describe('the water card forms', () => {
  it('issues anonymous cards by count, named ones by the phones typed, each once, limits in fen', () => {
    expect(toBatchInput({ agentId: 3, kind: 'ANONYMOUS', count: 20, perUseLimit: '5', perDayLimit: '' })).toEqual({
      agentId: 3,
      count: 20,
      perUseLimit: 500,
      perDayLimit: null,
    });
    expect(
      toBatchInput({ agentId: 3, kind: 'NAMED', phones: '13800000001\n13800000002, 13800000001', count: 5 }),
    ).toEqual({ agentId: 3, phones: ['13800000001', '13800000002'], perUseLimit: null, perDayLimit: null });
    expect(notAPhone(parsePhones('13800000001 1234'))).toBe('1234');
    expect(toLimitsInput({ perUseLimit: '0.29', perDayLimit: '100' })).toEqual({
      perUseLimit: 29,
      perDayLimit: 10_000,
    });
  });

  it('previews a top-up: the bonus of the highest rule reached, the balance after, whether it passes the cap', () => {
    const rules = [
      { minTopUp: asFen(10_000), bonus: asFen(500) },
      { minTopUp: asFen(50_000), bonus: asFen(5_000) },
    ];
    const card = { balance: asFen(1_000), kind: 'ANONYMOUS' as const };
    expect(topUpPreview(card, rules, '99.99')).toEqual({ bonus: 0, balance: 10_999, aboveCap: false });
    expect(topUpPreview(card, rules, '300')).toEqual({ bonus: 500, balance: 31_500, aboveCap: false });
    expect(topUpPreview(card, rules, '950')).toEqual({ bonus: 5_000, balance: 101_000, aboveCap: true });
    expect(topUpPreview({ ...card, kind: 'NAMED' }, rules, '950')?.aboveCap).toBe(false);
    expect(topUpPreview(card, rules, '')).toBeUndefined();
    expect(topUpPreview(card, rules, 'abc')).toBeUndefined();
  });
});
