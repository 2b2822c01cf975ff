import type { PageOf, PageQuery } from '@water/contract/common';
import {
  DICT_COLUMNS,
  Dict,
  type DictDetail,
  type DictDetailInput,
  type DictEntryRow,
  type DictInput,
} from '@water/contract/dicts';
import { seededNameIn } from '@water/contract/seeded-names';
import type { Principal } from '../../domain/principal.ts';
import { InvalidatingCache } from '../../lib/cache.ts';
import type { Deps } from '../../lib/deps.ts';
import { emptyField, invalidField, noSuch, notFound, unknownRecord } from '../../lib/http-errors.ts';
import { sortKeys, sortRows, toPaging } from '../../lib/list-query.ts';
import type { ListSheet } from '../../lib/list-sheet.ts';
import { ReadyAnswer } from '../../lib/ready-answer.ts';
import { wireOf } from '../../lib/wire.ts';

/** A page of one dictionary's entries, filtered by label. */
type EntriesQuery = PageQuery & { dictName: string; label?: string };

import type { Language } from '../../lib/texts.ts';
import { type DetailRow, type DictRow, dictOrder, dictSortable, dictsRepository as repo } from './dicts.repository.ts';

const toDetailDto = (row: DetailRow): DictDetail => ({
  id: row.id,
  dict: { id: row.dictId },
  label: row.label,
  value: row.value,
  dictSort: row.dictSort,
});

export type DictsService = ReturnType<typeof createDictsService>;

/**
 * Dictionaries and their entries. Every dropdown asks for entries by dictionary name: those are
 * kept in memory until any dictionary changes on any instance.
 */
export function createDictsService({ db, clock, events }: Pick<Deps, 'db' | 'clock' | 'events'>) {
  // Names nobody defined are not kept, so that asking for made-up names cannot fill memory.
  const entries = new InvalidatingCache<string, DictDetail[]>({ keep: (list) => list.length > 0 }).clearOn(
    events,
    'dicts',
  );
  /** Answers of `entries`, ready to send, by their query: dropdowns ask the same few all day. */
  // An answer that found nothing is not kept: made-up names would push the real ones out.
  const answers = new InvalidatingCache<string, ReadyAnswer & { found: boolean }>({
    maxEntries: 1000,
    keep: (answer) => answer.found,
  }).clearOn(events, 'dicts');
  const answerKey = (query: EntriesQuery) =>
    JSON.stringify([query.dictName, query.label?.trim(), query.sort, query.page, query.size]);
  const changed = () => events.publish('dicts', {});
  const entriesOf = (name: string) =>
    entries.get(name, async () => (await repo.detailsNamed(db, name)).map(toDetailDto));

  async function withDetails(rows: DictRow[]): Promise<Dict[]> {
    const details = await repo.detailsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      wireOf(Dict, { ...row, dictDetails: details.filter((detail) => detail.dictId === row.id).map(toDetailDto) }),
    );
  }

  async function checkedName(name: string, exceptId?: number) {
    const trimmed = name.trim();
    if (await repo.nameTaken(db, trimmed, exceptId)) {
      throw invalidField('name', { key: 'errors.dicts.nameTaken', values: { name: trimmed } }, 'taken', {
        value: trimmed,
      });
    }
    return trimmed;
  }

  async function checkedDetail(input: DictDetailInput) {
    const dict = await repo.dictById(db, input.dict.id);
    if (!dict) throw invalidField('dict.id', unknownRecord('dictionary', input.dict.id), 'unknown_reference');
    const value = input.value.trim();
    const label = input.label.trim();
    if (!value) throw emptyField('value');
    if (!label) throw emptyField('label');
    if (await repo.valueTaken(db, dict.id, value, input.id)) {
      throw invalidField('value', { key: 'errors.dicts.valueTaken', values: { value, dict: dict.name } }, 'taken', {
        value,
      });
    }
    return { dictId: dict.id, label, value, dictSort: input.dictSort ?? 999 };
  }

  /** A dictionary's entries, sorted, filtered by label and paged as asked. */
  async function entryPage(query: EntriesQuery): Promise<PageOf<DictDetail>> {
    const order = sortKeys(query.sort, ['id', 'label', 'value', 'dictSort'] as const);
    let content = sortRows(await entriesOf(query.dictName), order);
    const label = query.label?.trim();
    if (label) content = content.filter((entry) => entry.label.includes(label));
    const totalElements = content.length;
    if (query.page !== undefined) {
      const size = query.size ?? 10;
      content = content.slice(query.page * size, (query.page + 1) * size);
    }
    return { content, totalElements };
  }

  return {
    async list(_principal: Principal, query: PageQuery & { blurry?: string }): Promise<PageOf<Dict>> {
      const page = await repo.page(db, query.blurry, toPaging(query, dictSortable, dictOrder));
      return { content: await withDetails(page.content), totalElements: page.totalElements };
    },

    async all(): Promise<Dict[]> {
      return withDetails(await repo.all(db));
    },

    /** Every entry as a file: seeded descriptions and labels in the language asked for, as the console shows them. */
    async exportSheet(
      _principal: Principal,
      _filter: unknown,
      language: Language = 'en',
    ): Promise<ListSheet<DictEntryRow>> {
      const all = (await withDetails(await repo.all(db))).map((dict) => ({
        ...dict,
        description: dict.description === null ? null : seededNameIn(language, dict.description),
      }));
      return {
        name: 'dictionaries',
        columns: DICT_COLUMNS,
        rows: all.flatMap((dict) =>
          dict.dictDetails.length > 0
            ? dict.dictDetails.map((entry) => ({
                ...dict,
                entryLabel: seededNameIn(language, entry.label),
                entryValue: entry.value,
                entrySort: entry.dictSort,
              }))
            : [dict],
        ),
      };
    },

    async create(principal: Principal, input: DictInput): Promise<void> {
      if (input.id != null) throw invalidField('id', { key: 'errors.dicts.idOnCreate' });
      const name = await checkedName(input.name);
      const by = principal.username;
      await repo.insertDict(db, { name, description: input.description ?? null, createBy: by, updateBy: by });
      await changed();
    },

    async update(principal: Principal, input: DictInput): Promise<void> {
      if (input.id == null) throw invalidField('id', { key: 'errors.required' }, 'required');
      const name = await checkedName(input.name, input.id);
      const updated = await repo.updateDict(db, input.id, {
        name,
        description: input.description ?? null,
        updateBy: principal.username,
        updateTime: clock.now(),
      });
      if (!updated) throw notFound(noSuch('dictionary', input.id));
      await changed();
    },

    /** Deletes dictionaries with their entries. */
    async remove(_principal: Principal, ids: number[]): Promise<void> {
      const found = await repo.existingDicts(db, ids);
      const missing = ids.filter((id) => !found.includes(id));
      if (missing.length > 0) throw notFound(noSuch('dictionary', missing.join(', ')));
      await repo.deleteDicts(db, ids);
      await changed();
    },

    /** The entries of a dictionary, from memory; `label` filters, `page` pages, `sort` orders. */
    /** `entries`, ready to send. */
    entriesAnswer(query: EntriesQuery): Promise<ReadyAnswer> {
      return answers.get(answerKey(query), async () => {
        const page = await entryPage(query);
        return Object.assign(new ReadyAnswer(page), { found: page.totalElements > 0 });
      });
    },

    /** Finds `entriesAnswer` of that query in memory, if it is there. */
    entriesAnswerInMemory(query: EntriesQuery): () => ReadyAnswer | undefined {
      const key = answerKey(query);
      return () => answers.peek(key);
    },

    entries: entryPage,

    /** The entries of several dictionaries at once: `a,b`. */
    async entriesByName(dictNames: string): Promise<Record<string, DictDetail[]>> {
      const names = [
        ...new Set(
          dictNames
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ];
      const lists = await Promise.all(names.map(entriesOf));
      return Object.fromEntries(names.map((name, index) => [name, lists[index] ?? []]));
    },

    async createEntry(principal: Principal, input: DictDetailInput): Promise<void> {
      if (input.id != null) throw invalidField('id', { key: 'errors.dicts.idOnCreateEntry' });
      const values = await checkedDetail(input);
      await repo.insertDetail(db, { ...values, createBy: principal.username, updateBy: principal.username });
      await changed();
    },

    async updateEntry(principal: Principal, input: DictDetailInput): Promise<void> {
      if (input.id == null) throw invalidField('id', { key: 'errors.required' }, 'required');
      if (!(await repo.detailExists(db, input.id))) throw notFound(noSuch('dictionaryEntry', input.id));
      const values = await checkedDetail(input);
      const updated = await repo.updateDetail(db, input.id, {
        ...values,
        updateBy: principal.username,
        updateTime: clock.now(),
      });
      if (!updated) throw notFound(noSuch('dictionaryEntry', input.id));
      await changed();
    },

    async removeEntry(id: number): Promise<void> {
      if (!(await repo.deleteDetail(db, id))) throw notFound(noSuch('dictionaryEntry', id));
      await changed();
    },
  };
}
