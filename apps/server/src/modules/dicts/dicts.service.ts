import type { Dict, DictDetail, DictDetailInput, DictInput } from '@water/contract/dicts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { dictDetails, dicts } from '../../db/schema.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';

type DictRow = typeof dicts.$inferSelect;
type DetailRow = typeof dictDetails.$inferSelect;

export const detailOrder = [asc(dictDetails.dictSort), asc(dictDetails.id)];

export function toDetailDto(row: DetailRow): DictDetail {
  return { id: row.id, dict: { id: row.dictId }, label: row.label, value: row.value, dictSort: row.dictSort };
}

/** Dictionaries with their entries, in the order of `rows`. */
export async function withDetails(db: Database, rows: DictRow[]): Promise<Dict[]> {
  const ids = rows.map((row) => row.id);
  const details =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(dictDetails)
          .where(inArray(dictDetails.dictId, ids))
          .orderBy(...detailOrder);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    dictDetails: details.filter((detail) => detail.dictId === row.id).map(toDetailDto),
    createBy: row.createBy,
    updateBy: row.updateBy,
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
  }));
}

async function dictsChanged(app: FastifyInstance) {
  await app.events.publish('dicts', {});
}

async function assertNameFree(db: Database, name: string, exceptId?: number) {
  const condition = exceptId === undefined ? eq(dicts.name, name) : and(eq(dicts.name, name), ne(dicts.id, exceptId));
  const [row] = await db.select({ id: dicts.id }).from(dicts).where(condition);
  if (row) throw invalidField('name', `a dictionary named "${name}" already exists`, 'taken');
}

export async function createDict(app: FastifyInstance, input: DictInput, actor: string) {
  if (input.id != null) throw invalidField('id', 'must not be set when creating a dictionary');
  const name = input.name.trim();
  await assertNameFree(app.db, name);
  await app.db.insert(dicts).values({ name, description: input.description ?? null, createBy: actor, updateBy: actor });
  await dictsChanged(app);
}

export async function updateDict(app: FastifyInstance, input: DictInput, actor: string) {
  if (input.id == null) throw invalidField('id', 'is required', 'required');
  const name = input.name.trim();
  await assertNameFree(app.db, name, input.id);
  const updated = await app.db
    .update(dicts)
    .set({ name, description: input.description ?? null, updateBy: actor, updateTime: app.clock.now() })
    .where(eq(dicts.id, input.id))
    .returning({ id: dicts.id });
  if (updated.length === 0) throw notFound(`No dictionary with id ${input.id}`);
  await dictsChanged(app);
}

/** Deletes dictionaries and, through the foreign key, their entries. */
export async function deleteDicts(app: FastifyInstance, ids: readonly number[]) {
  const found = await app.db
    .select({ id: dicts.id })
    .from(dicts)
    .where(inArray(dicts.id, [...ids]));
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw notFound(`No dictionary with id ${missing.join(', ')}`);
  await app.db.delete(dicts).where(inArray(dicts.id, [...ids]));
  await dictsChanged(app);
}

async function checkedDetail(db: Database, input: DictDetailInput) {
  const [dict] = await db.select({ id: dicts.id, name: dicts.name }).from(dicts).where(eq(dicts.id, input.dict.id));
  if (!dict) throw invalidField('dict.id', `no dictionary with id ${input.dict.id}`, 'unknown_reference');
  const value = input.value.trim();
  const label = input.label.trim();
  if (!value) throw invalidField('value', 'must not be empty', 'required');
  if (!label) throw invalidField('label', 'must not be empty', 'required');
  const sameValue = and(eq(dictDetails.dictId, dict.id), eq(dictDetails.value, value));
  const [clash] = await db
    .select({ id: dictDetails.id })
    .from(dictDetails)
    .where(input.id == null ? sameValue : and(sameValue, ne(dictDetails.id, input.id)));
  if (clash) throw invalidField('value', `"${value}" is already in dictionary ${dict.name}`, 'taken');
  return { dictId: dict.id, label, value, dictSort: input.dictSort ?? 999 };
}

export async function createDetail(app: FastifyInstance, input: DictDetailInput, actor: string) {
  if (input.id != null) throw invalidField('id', 'must not be set when creating an entry');
  const values = await checkedDetail(app.db, input);
  await app.db.insert(dictDetails).values({ ...values, createBy: actor, updateBy: actor });
  await dictsChanged(app);
}

export async function updateDetail(app: FastifyInstance, input: DictDetailInput, actor: string) {
  if (input.id == null) throw invalidField('id', 'is required', 'required');
  const [current] = await app.db.select({ id: dictDetails.id }).from(dictDetails).where(eq(dictDetails.id, input.id));
  if (!current) throw notFound(`No dictionary entry with id ${input.id}`);
  const values = await checkedDetail(app.db, input);
  await app.db
    .update(dictDetails)
    .set({ ...values, updateBy: actor, updateTime: app.clock.now() })
    .where(eq(dictDetails.id, input.id));
  await dictsChanged(app);
}

export async function deleteDetail(app: FastifyInstance, id: number) {
  const deleted = await app.db.delete(dictDetails).where(eq(dictDetails.id, id)).returning({ id: dictDetails.id });
  if (deleted.length === 0) throw notFound(`No dictionary entry with id ${id}`);
  await dictsChanged(app);
}

/**
 * The entries of each dictionary by name, as every dropdown asks for them; kept in memory until
 * any dictionary changes on any instance.
 */
export class DictEntriesCache {
  readonly #cache = new Map<string, Promise<DictDetail[]>>();

  constructor(private readonly app: FastifyInstance) {
    app.events.on('dicts', () => this.#cache.clear());
  }

  get(name: string): Promise<DictDetail[]> {
    let entry = this.#cache.get(name);
    if (!entry) {
      entry = this.app.db
        .select({ detail: dictDetails })
        .from(dictDetails)
        .innerJoin(dicts, eq(dicts.id, dictDetails.dictId))
        .where(eq(dicts.name, name))
        .orderBy(...detailOrder)
        .then((rows) => {
          // Names nobody defined are not kept, so that asking for made-up names cannot fill memory.
          if (rows.length === 0) this.#cache.delete(name);
          return rows.map((row) => toDetailDto(row.detail));
        });
      entry.catch(() => this.#cache.delete(name));
      this.#cache.set(name, entry);
    }
    return entry;
  }
}

export const countDicts = (db: Database) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(dicts)
    .then((rows) => rows[0]?.n ?? 0);
