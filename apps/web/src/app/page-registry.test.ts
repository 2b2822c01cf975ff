// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import seed from '../../../server/src/db/seed-data.ts?raw';
import { isPageKey, PAGE_LOADERS, pageFor } from './page-registry.ts';

// The seed is the server's; reading it as text keeps the two in step without a build-time link.

const seededKeys = [...seed.matchAll(/component: '([^']+)'/g)].map((match) => match[1] as string);

describe('page registry', () => {
  it('resolves every page key of the seeded menus to a page', async () => {
    expect(seededKeys.length).toBeGreaterThanOrEqual(13);
    for (const key of seededKeys) {
      expect(isPageKey(key), key).toBe(true);
      expect(pageFor(key), key).toBeDefined();
    }
  });

  it('loads a component for every key it lists', async () => {
    for (const [key, load] of Object.entries(PAGE_LOADERS)) {
      expect(typeof (await load()), key).toBe('function');
    }
  }, 60_000);

  it('has a placeholder page for menus of modules still to come', () => {
    expect(isPageKey('common/placeholder/index')).toBe(true);
  });

  it('gives nothing for an unknown key, so the shell can say the page is not available', () => {
    expect(pageFor('no/such/page')).toBeUndefined();
    expect(pageFor(undefined)).toBeUndefined();
    expect(pageFor('constructor')).toBeUndefined();
  });

  it('gives the same component each time, so a page is not remounted by a re-render', () => {
    expect(pageFor('system/user/index')).toBe(pageFor('system/user/index'));
  });
});
