import { type SQL, sql } from 'drizzle-orm';
import { machines } from './machines.schema.ts';

/**
 * What the machines module publishes for other modules to read (select and join, never write):
 * Machines and their models, for other modules' lists, scopes and checks.
 */
export { machineModels, machines } from './machines.schema.ts';

/** The machine whose sticker carries `code`: as typed or scanned, in either case (its unique index is on lower case). */
export const stickerIs = (code: string): SQL => sql`lower(${machines.stickerCode}) = lower(${code})`;
