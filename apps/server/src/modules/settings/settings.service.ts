import { DEFAULT_CARD_RESERVE_PCT } from '@water/contract/cards';
import { GLOBAL_SETTING_QUERY } from '@water/contract/constants';
import { DEFAULT_FILTER_LEAD_DAYS } from '@water/contract/filters';
import { asFen } from '@water/contract/money';
import type { GlobalSettings, GlobalSettingsQuery } from '@water/contract/settings';
import type { WithdrawalTerms } from '@water/contract/withdrawals';
import type { Static } from 'typebox';
import type { Principal } from '../../domain/principal.ts';
import { InvalidatingCache } from '../../lib/cache.ts';
import type { Deps } from '../../lib/deps.ts';
import { settingsRepository as repo } from './settings.repository.ts';

type Side = Static<typeof GlobalSettingsQuery>;

export type SettingsService = ReturnType<typeof createSettingsService>;

/** The public settings of each side (title, footer, publicity), read by every visitor from memory. */
export function createSettingsService({ db, clock, events }: Pick<Deps, 'db' | 'clock' | 'events'>) {
  // Only sides that exist are kept, so made-up query values cannot fill memory.
  const cache = new InvalidatingCache<string, GlobalSettings | undefined>({ keep: (value) => value !== undefined });
  cache.clearOn(events, 'settings');
  return {
    async get({ sideCode, fromType }: Side): Promise<GlobalSettings> {
      return (await cache.get(`${sideCode}\u0000${fromType}`, () => repo.find(db, sideCode, fromType))) ?? {};
    },

    /** Fen: a staff refund above this needs a second person's review (the console's setting; 0 when unset). */
    async refundReviewAbove(): Promise<number> {
      return (await this.get(GLOBAL_SETTING_QUERY)).refundReviewAbove ?? 0;
    },

    /** A withdrawal's minimum and fee (the console's settings; none when unset). */
    async withdrawalTerms(): Promise<WithdrawalTerms> {
      const settings = await this.get(GLOBAL_SETTING_QUERY);
      return {
        minimum: settings.withdrawalMinimum ?? asFen(0),
        feeFixed: settings.withdrawalFeeFixed ?? asFen(0),
        feePercent: settings.withdrawalFeePercent ?? '0',
      };
    },

    /** The water card rules of the console's settings: top-up bonuses (none unless set) and the reserve share. */
    async cardRules() {
      const settings = await this.get(GLOBAL_SETTING_QUERY);
      return {
        bonusRules: settings.cardBonusRules ?? [],
        reserveSharePct: settings.cardReserveSharePct ?? DEFAULT_CARD_RESERVE_PCT,
      };
    },

    /** Days ahead of its due date a filter stage is due soon (the console's setting; 7 when unset). */
    async filterLeadDays(): Promise<number> {
      return (await this.get(GLOBAL_SETTING_QUERY)).filterLeadDays ?? DEFAULT_FILTER_LEAD_DAYS;
    },

    /** Stores a side's settings; every instance drops its copy. */
    async save(principal: Principal, side: Side, value: GlobalSettings): Promise<void> {
      await repo.save(db, side, value, principal.username, clock.now());
      await events.publish('settings', {});
    },
  };
}
