import { OPERATION_NAMES } from '@water/contract/operation-names';
import { describe, expect, it } from 'vitest';
import { operationNamesZh } from './operation-names.ts';

describe('operation names in Chinese', () => {
  it('has one for every name the server logs an operation under, and none for a name it does not use', () => {
    const logged = new Set(Object.values(OPERATION_NAMES));
    expect([...logged].filter((name) => !Object.hasOwn(operationNamesZh, name))).toEqual([]);
    expect(Object.keys(operationNamesZh).filter((name) => !logged.has(name))).toEqual([]);
    expect(Object.values(operationNamesZh).every((name) => /[\u4e00-\u9fff]/.test(name))).toBe(true);
  });
});
