import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { containsText, type Paging, selectPage } from '../../lib/list-query.ts';
import { valueTaken } from '../../lib/unique-value.ts';
import { dictDetails, dicts } from './dicts.schema.ts';

export type DictRow = typeof dicts.$inferSelect;
export type DetailRow = typeof dictDetails.$inferSelect;
type NewDetail = typeof dictDetails.$inferInsert;

export const dictSortable = { id: dicts.id, name: dicts.name, createTime: dicts.createTime };
export const dictOrder = [asc(dicts.id)];
const detailOrder = [asc(dictDetails.dictSort), asc(dictDetails.id)];

const matching = (blurry: string | undefined): SQL | undefined =>
  containsText([dicts.name, dicts.description], blurry, { seeded: true });

export const dictsRepository = {
  page: (db: Database, blurry: string | undefined, paging: Paging) => selectPage(db, dicts, matching(blurry), paging),

  all: (db: Database) =>
    db
      .select()
      .from(dicts)
      .orderBy(...dictOrder),

  /** The entries of the dictionaries named, in sort order. */
  detailsOf: (db: Database, dictIds: readonly number[]) =>
    dictIds.length === 0
      ? Promise.resolve([] as DetailRow[])
      : db
          .select()
          .from(dictDetails)
          .where(inArray(dictDetails.dictId, [...dictIds]))
          .orderBy(...detailOrder),

  /** The entries of the dictionary of that name, in sort order. */
  detailsNamed: async (db: Database, name: string) =>
    (
      await db
        .select({ detail: dictDetails })
        .from(dictDetails)
        .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
        .where(eq(dicts.name, name))
        .orderBy(...detailOrder)
    ).map((row) => row.detail),

  nameTaken: (db: Database, name: string, exceptId?: number) => valueTaken(db, dicts, dicts.name, name, exceptId),

  dictById: async (db: Database, id: number) =>
    (await db.select({ id: dicts.id, name: dicts.name }).from(dicts).where(eq(dicts.id, id)))[0],

  existingDicts: async (db: Database, ids: readonly number[]) =>
    (
      await db
        .select({ id: dicts.id })
        .from(dicts)
        .where(inArray(dicts.id, [...ids]))
    ).map((row) => row.id),

  insertDict: (db: Database, values: typeof dicts.$inferInsert) => db.insert(dicts).values(values),

  /** Answers whether the dictionary existed. */
  updateDict: async (db: Database, id: number, values: Partial<typeof dicts.$inferInsert>) =>
    (await db.update(dicts).set(values).where(eq(dicts.id, id)).returning({ id: dicts.id })).length > 0,

  /** Deletes dictionaries and, through the foreign key, their entries. */
  deleteDicts: (db: Database, ids: readonly number[]) => db.delete(dicts).where(inArray(dicts.id, [...ids])),

  /** Whether another entry of the dictionary than `exceptId` has this value. */
  async valueTaken(db: Database, dictId: number, value: string, exceptId: number | null | undefined) {
    const same = and(eq(dictDetails.dictId, dictId), eq(dictDetails.value, value));
    const [row] = await db
      .select({ id: dictDetails.id })
      .from(dictDetails)
      .where(exceptId == null ? same : and(same, ne(dictDetails.id, exceptId)));
    return row !== undefined;
  },

  detailExists: async (db: Database, id: number) =>
    (await db.select({ id: dictDetails.id }).from(dictDetails).where(eq(dictDetails.id, id))).length > 0,

  insertDetail: (db: Database, values: NewDetail) => db.insert(dictDetails).values(values),

  /** Answers whether the entry was there to update. */
  async updateDetail(db: Database, id: number, values: Partial<NewDetail>): Promise<boolean> {
    const updated = await db
      .update(dictDetails)
      .set(values)
      .where(eq(dictDetails.id, id))
      .returning({ id: dictDetails.id });
    return updated.length > 0;
  },

  /** Answers whether the entry existed. */
  deleteDetail: async (db: Database, id: number) =>
    (await db.delete(dictDetails).where(eq(dictDetails.id, id)).returning({ id: dictDetails.id })).length > 0,
};
