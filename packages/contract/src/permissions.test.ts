import { describe, expect, it } from 'vitest';
import { hasAnyPermission } from './permissions.ts';

describe('hasAnyPermission', () => {
  it('lets admin pass every check', () => {
    expect(hasAnyPermission(['admin'], ['user:del'])).toBe(true);
    expect(hasAnyPermission(new Set(['admin']), ['role:edit'])).toBe(true);
  });

  it('asks for one of the permissions required', () => {
    expect(hasAnyPermission(['user:list', 'user:edit'], ['user:del', 'user:edit'])).toBe(true);
    expect(hasAnyPermission(new Set(['user:list']), ['user:del', 'user:edit'])).toBe(false);
    expect(hasAnyPermission([], ['user:list'])).toBe(false);
  });
});
