import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { levelsBelow, NEW_AGENT, toAgentInput } from './agent-form-values.ts';

describe('agent form values', () => {
  it('offers the levels below the parent’s, every level at the top', () => {
    expect(levelsBelow(undefined)).toEqual(['PLATFORM', 'PROVINCE', 'CITY', 'DISTRICT', 'DEALER']);
    expect(levelsBelow('CITY')).toEqual(['DISTRICT', 'DEALER']);
    expect(levelsBelow('DEALER')).toEqual([]);
  });

  it('sends the rate as typed, trimmed texts, blanks as null and the contract as days', () => {
    const input = toAgentInput({
      ...NEW_AGENT,
      parentId: 4,
      code: ' GD-01 ',
      name: ' Guangdong ',
      level: 'PROVINCE',
      contactName: 'Li',
      contactPhone: '138 0000 0000',
      commissionRate: '12.35',
      machineQuota: 50,
      contract: [dayjs('2026-01-01'), null],
    });
    expect(input).toEqual({
      parentId: 4,
      code: 'GD-01',
      name: 'Guangdong',
      level: 'PROVINCE',
      contactName: 'Li',
      contactPhone: '138 0000 0000',
      region: null,
      commissionRate: '12.35',
      machineQuota: 50,
      settlementAccount: null,
      contractStart: '2026-01-01',
      contractEnd: null,
    });
    expect(toAgentInput({ ...NEW_AGENT, level: 'CITY', commissionRate: '3' }, 7)).toMatchObject({
      id: 7,
      commissionRate: '3',
    });
    expect(toAgentInput({ ...NEW_AGENT, level: 'CITY', commissionRate: '3' }, 7)).not.toHaveProperty('code');
  });
});
