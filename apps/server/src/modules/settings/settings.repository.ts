import type { GlobalSettings } from '@water/contract/settings';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { globalSettings } from './settings.schema.ts';

export const settingsRepository = {
  /** The settings of a side, or undefined when none were ever stored. */
  find: async (db: Database, sideCode: string, fromType: string) =>
    (
      await db
        .select({ value: globalSettings.value })
        .from(globalSettings)
        .where(and(eq(globalSettings.sideCode, sideCode), eq(globalSettings.fromType, fromType)))
    )[0]?.value as GlobalSettings | undefined,

  async save(db: Database, side: { sideCode: string; fromType: string }, value: GlobalSettings, by: string, now: Date) {
    await db
      .insert(globalSettings)
      .values({ ...side, value, updateBy: by, updateTime: now })
      .onConflictDoUpdate({
        target: [globalSettings.sideCode, globalSettings.fromType],
        set: { value, updateBy: by, updateTime: now },
      });
  },
};
