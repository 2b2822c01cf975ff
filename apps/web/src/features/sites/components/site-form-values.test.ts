import { describe, expect, it } from 'vitest';
import { fromHundredths, NEW_SITE, toHundredths, toSiteInput } from './site-form-values.ts';

describe('site form values', () => {
  it('turns a typed rent or share into hundredths exactly, and back', () => {
    expect(toHundredths('12.5')).toBe(1250);
    expect(toHundredths('300')).toBe(30000);
    expect(toHundredths('0.07')).toBe(7);
    expect(toHundredths('19.99')).toBe(1999);
    expect(fromHundredths(1250)).toBe('12.5');
    expect(fromHundredths(30000)).toBe('300');
    expect(fromHundredths(7)).toBe('0.07');
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
