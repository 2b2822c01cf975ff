import { useEffect, useReducer } from 'react';
import { addPageTexts } from '@/lib/i18n-pages.ts';

interface ValueTexts {
  /** The page texts that name the values, loaded with the first change of this kind shown. */
  load: () => Promise<{ group: string; locales: { en: object; zh: object } }>;
  /** Field → the key under which its values are named (`agents.statuses` → `agents.statuses.ACTIVE`). */
  fields: Record<string, string>;
}

/** The fields of each kind of record whose values are words of a fixed set (a state, a level), and their names. */
const VALUE_TEXTS: Record<string, ValueTexts> = {
  agent: {
    load: async () => ({ group: 'agents', locales: (await import('@water/contract/texts/agents')).agentsLocales }),
    fields: { status: 'agents.statuses', level: 'agents.levels' },
  },
  card: {
    load: async () => ({ group: 'cards', locales: (await import('@water/contract/texts/cards')).cardsLocales }),
    fields: { state: 'cards.states' },
  },
  'coupon-template': {
    load: async () => ({ group: 'coupons', locales: (await import('@water/contract/texts/coupons')).couponsLocales }),
    fields: {
      status: 'coupons.statuses',
      type: 'coupons.types',
      scope: 'coupons.scopeShort',
      issueType: 'coupons.issueShort',
    },
  },
  order: {
    load: async () => ({ group: 'orders', locales: (await import('@water/contract/texts/orders')).ordersLocales }),
    fields: { status: 'orders.statuses' },
  },
  withdrawal: {
    load: async () => ({
      group: 'withdrawals',
      locales: (await import('@water/contract/texts/withdrawals')).withdrawalsLocales,
    }),
    fields: { state: 'withdrawals.states' },
  },
  command: {
    load: async () => ({
      group: 'commands',
      locales: (await import('@water/contract/texts/commands')).commandsLocales,
    }),
    fields: { state: 'commands.states' },
  },
  'firmware-rollout': {
    load: async () => ({
      group: 'firmware',
      locales: (await import('@water/contract/texts/firmware')).firmwareLocales,
    }),
    fields: { state: 'firmware.rolloutStates' },
  },
};

const loaded = new Map<string, Promise<void>>();

/** The key naming a value of this field of this kind of record, if its values are named. */
export function valueKey(recordType: string, field: string, value: unknown): string | undefined {
  const prefix = VALUE_TEXTS[recordType]?.fields[field];
  return prefix && typeof value === 'string' ? `${prefix}.${value}` : undefined;
}

/** Loads the texts naming the values of this kind of record, once, and renders again when they are there. */
export function useValueTexts(recordType: string): void {
  const [, loadedNow] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const texts = VALUE_TEXTS[recordType];
    if (!texts) return;
    let once = loaded.get(recordType);
    if (!once) {
      once = texts.load().then(({ group, locales }) => addPageTexts(group, locales));
      loaded.set(recordType, once);
    }
    let current = true;
    void once.then(() => current && loadedNow()).catch(() => undefined);
    return () => {
      current = false;
    };
  }, [recordType]);
}
