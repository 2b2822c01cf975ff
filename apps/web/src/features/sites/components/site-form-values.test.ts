import type { Site } from '@water/contract/sites';
import { describe, expect, it } from 'vitest';
import { NEW_SITE, sharePercent, toSiteFormValues, toSiteInput } from './site-form-values.ts';

describe('site form values', () => {
  it('turns a typed rent or share into hundredths exactly, and back', () => {
    const fee = (text: string | undefined) =>
      toSiteInput({ ...NEW_SITE, agentId: 1, type: 'SCHOOL', fee: text }).feeValue;
    expect(fee('12.5')).toBe(1250);
    expect(fee('300')).toBe(30000);
    expect(fee('0.07')).toBe(7);
    expect(fee('19.99')).toBe(1999);
    expect(fee(undefined)).toBe(0);
    const shown = (feeValue: number) => toSiteFormValues({ feeType: 'RENT', feeValue } as Site).fee;
    expect(shown(1250)).toBe('12.50');
    expect(shown(30000)).toBe('300.00');
    expect(sharePercent(1250)).toBe('12.5');
    expect(sharePercent(3000)).toBe('30');
    expect(sharePercent(7)).toBe('0.07');
    expect(sharePercent(10000)).toBe('100');
  });

  it('sends trimmed texts, blanks as null, and the agent only when creating', () => {
    const values = {
      ...NEW_SITE,
      agentId: 3,
      name: ' Sunny ',
      type: 'SCHOOL',
      address: ' 1 Road ',
      fee: '12.5',
      feeType: 'SHARE' as const,
    };
    expect(toSiteInput(values)).toMatchObject({
      agentId: 3,
      name: 'Sunny',
      address: '1 Road',
      province: null,
      feeValue: 1250,
    });
    expect(toSiteInput(values, 9)).not.toHaveProperty('agentId');
  });
});
