import { describe, expect, it } from 'vitest';
import seed from '../../../server/src/db/seed-data.ts?raw';
import { DefaultMenuIcon, isKnownMenuIcon, menuIcon } from './menu-icons.tsx';

const seededIcons = [...seed.matchAll(/icon: '([^']+)'/g)].map((match) => match[1] as string);

describe('menu icons', () => {
  it('has an icon for every icon name of the seeded menus', () => {
    expect(seededIcons.length).toBeGreaterThanOrEqual(16);
    for (const name of seededIcons) {
      expect(isKnownMenuIcon(name), name).toBe(true);
      expect(menuIcon(name)).not.toBe(DefaultMenuIcon);
    }
  });

  it('falls back to a neutral icon for unknown or missing names', () => {
    expect(menuIcon('no-such-icon')).toBe(DefaultMenuIcon);
    expect(menuIcon(null)).toBe(DefaultMenuIcon);
    expect(menuIcon(undefined)).toBe(DefaultMenuIcon);
    expect(menuIcon('constructor')).toBe(DefaultMenuIcon);
  });
});
