// @vitest-environment jsdom

import { isPageKey, PAGE_KEYS } from '@water/contract/page-keys';
import { describe, expect, it } from 'vitest';
import seed from '../../../server/src/db/seed-data.ts?raw';
import { PAGE_LOADERS, pageFor } from './page-registry.ts';

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

  it('loads a component for every page key of the contract', async () => {
    for (const key of PAGE_KEYS) {
      expect(typeof (await PAGE_LOADERS[key]()), key).toBe('function');
    }
  }, 60_000);

  it('gives nothing for an unknown key, so the shell can say the page is not available', () => {
    expect(pageFor('no/such/page')).toBeUndefined();
    expect(pageFor(undefined)).toBeUndefined();
    expect(pageFor('constructor')).toBeUndefined();
  });

  it('gives the same component each time, so a page is not remounted by a re-render', () => {
    expect(pageFor('system/user/index')).toBe(pageFor('system/user/index'));
  });
});
