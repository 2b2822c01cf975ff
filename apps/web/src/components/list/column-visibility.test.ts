import { describe, expect, it } from 'vitest';
import {
  columnStorageKey,
  type KeyValueStore,
  loadHiddenColumns,
  saveHiddenColumns,
  toggleColumn,
  visibleColumnKeys,
} from './column-visibility.ts';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

describe('column chooser persistence', () => {
  it('remembers the hidden columns per table', () => {
    const store = memoryStore();
    saveHiddenColumns('users', ['phone', 'email', 'phone'], store);
    saveHiddenColumns('jobs', ['createTime'], store);
    expect(loadHiddenColumns('users', store)).toEqual(['email', 'phone']);
    expect(loadHiddenColumns('jobs', store)).toEqual(['createTime']);
    expect(loadHiddenColumns('roles', store)).toEqual([]);
    expect(store.data[columnStorageKey('users')]).toBe('["email","phone"]');
  });

  it('forgets the entry when every column is shown again', () => {
    const store = memoryStore();
    saveHiddenColumns('users', ['phone'], store);
    saveHiddenColumns('users', [], store);
    expect(store.data).toEqual({});
  });

  it('hides the columns a table hides by default until the user chooses, and remembers showing them all', () => {
    const store = memoryStore();
    expect(loadHiddenColumns('users', store, ['gender', 'phone'])).toEqual(['gender', 'phone']);
    saveHiddenColumns('users', [], store, ['gender', 'phone']);
    expect(loadHiddenColumns('users', store, ['gender', 'phone'])).toEqual([]);
    saveHiddenColumns('users', ['phone', 'gender'], store, ['gender', 'phone']);
    expect(store.data).toEqual({});
  });

  it('ignores damaged or foreign values and missing storage', () => {
    expect(loadHiddenColumns('users', memoryStore({ [columnStorageKey('users')]: '{not json' }))).toEqual([]);
    expect(loadHiddenColumns('users', memoryStore({ [columnStorageKey('users')]: '{"a":1}' }))).toEqual([]);
    expect(loadHiddenColumns('users', memoryStore({ [columnStorageKey('users')]: '["a",2,null]' }))).toEqual(['a']);
    expect(loadHiddenColumns('users', undefined)).toEqual([]);
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    };
    expect(loadHiddenColumns('users', broken)).toEqual([]);
    expect(() => saveHiddenColumns('users', ['a'], broken)).not.toThrow();
  });

  it('shows every column not hidden, and never none at all', () => {
    expect(visibleColumnKeys(['a', 'b', 'c'], ['b'])).toEqual(['a', 'c']);
    expect(visibleColumnKeys(['a', 'b'], ['a', 'b'])).toEqual(['a']);
    expect(visibleColumnKeys(['a', 'b'], ['gone'])).toEqual(['a', 'b']);
  });

  it('toggles one column', () => {
    expect(toggleColumn(['a'], 'b', false)).toEqual(['a', 'b']);
    expect(toggleColumn(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(toggleColumn(['a'], 'a', false)).toEqual(['a']);
  });
});
