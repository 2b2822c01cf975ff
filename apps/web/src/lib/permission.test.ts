import { DEFAULT_ROLE } from '@water/contract/constants';
import { describe, expect, it } from 'vitest';
import { hasPermission, PERMISSION_USAGE_ERROR } from './permission.ts';
import { rolesOf } from './session-roles.ts';

describe('hasPermission', () => {
  it('allows when the user holds at least one of the listed permissions', () => {
    expect(hasPermission(['user:list', 'dept:list'], ['user:add', 'user:list'])).toBe(true);
    expect(hasPermission(['user:list'], ['user:add', 'user:del'])).toBe(false);
  });

  it('lets admin pass every check', () => {
    expect(hasPermission(['admin'], ['anything:at-all'])).toBe(true);
  });

  it('gives a user without permissions only the default role', () => {
    expect(rolesOf([])).toEqual([DEFAULT_ROLE]);
    expect(rolesOf(['user:list'])).toEqual(['user:list']);
    expect(hasPermission(rolesOf([]), ['user:list'])).toBe(false);
    expect(hasPermission(rolesOf([]), [DEFAULT_ROLE])).toBe(true);
  });

  it('throws the usage error for an empty or malformed list', () => {
    for (const allow of [[], 'admin', undefined, null, [1], [''], {}]) {
      expect(() => hasPermission(['admin'], allow as never)).toThrow(PERMISSION_USAGE_ERROR);
    }
  });
});
