import type { ListColumn, ListColumns } from '@water/contract/list-columns';
import { asFen } from '@water/contract/money';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { yuanOf } from '../domain/money.ts';
import { type ListQuery, type PageResult, type Paging, toPaging } from './list-query.ts';
import { type Language, textsIn } from './texts.ts';
import type { Sheet, XlsxColumn } from './xlsx.ts';

/** A list as an Excel file, before its language is known: its name, its declared columns, its rows. */
export interface ListSheet<Row> {
  name: string;
  columns: ListColumns<Row>;
  rows: readonly Row[];
}

type Cell = ReturnType<XlsxColumn<unknown>['value']>;

/**
 * A list's declared columns as the columns of its Excel file, in a language: the console's titles
 * (with the unit of money, volume and percent), money in yuan, codes by their labels.
 */
export function sheetColumns<Row>(columns: ListColumns<Row>, language: Language): XlsxColumn<Row>[] {
  const t = textsIn(language);
  return Object.values<ListColumn<Row>>(columns).map((column) => {
    const title = t(column.title);
    const read = (row: Row) => row[column.field] as Cell;
    switch (column.kind ?? 'text') {
      case 'money':
        return { header: t('list.inYuan', { title }), value: (row) => numberOr(read(row), (v) => yuanOf(asFen(v))) };
      case 'ml':
        return { header: t('list.inMl', { title }), value: read };
      case 'percent':
        return { header: t('list.inPercent', { title }), value: (row) => numberOr(read(row), Number) };
      case 'enum':
        return {
          header: title,
          value: (row) => {
            const code = read(row);
            return code === null || code === undefined ? code : t(`${column.labels}.${code}`, { defaultValue: code });
          },
        };
      case 'yesNo':
        return { header: title, value: (row) => t(read(row) ? 'list.yes' : 'list.no') };
      default:
        return { header: title, value: read };
    }
  });
}

function numberOr(value: Cell, convert: (value: number) => number): Cell {
  return value === null || value === undefined || value === '' ? value : convert(Number(value));
}

/** A list sheet in a language, ready to be written. */
export function sheetIn<Row>(list: ListSheet<Row>, language: Language): Sheet<Row> {
  return { name: list.name, columns: sheetColumns(list.columns, language), rows: list.rows };
}

/** How a list reads its records for a caller: a page of them, or all of them (no limit) for its file. */
export type ListReader<Caller, Query, Row> = (caller: Caller, query: Query, paging: Paging) => Promise<PageResult<Row>>;

/**
 * How a list answers its records: one at a time, or all of a page together (when they need more
 * reading); in the language of the request, for what the server writes in words (an alarm's detail).
 */
type Answering<Caller, Row, Wire> =
  | { toWire: (row: Row, language: Language) => Wire }
  | { answer: (caller: Caller, rows: Row[], language: Language) => Promise<Wire[]> };

/**
 * A list page and its Excel file from one reading of the records: the same filter, sort and data
 * scope, the records answered by `toWire` (or `answer`), the file with the list's declared columns.
 */
export function declaredList<Caller, Query extends ListQuery, Row, Wire>(
  spec: {
    name: string;
    columns: ListColumns<Wire>;
    sortable: Record<string, PgColumn | SQL>;
    order: SQL[];
    read: ListReader<Caller, Omit<Query, 'page' | 'size'>, Row>;
  } & Answering<Caller, Row, Wire>,
) {
  const answer = async (caller: Caller, rows: Row[], language: Language): Promise<Wire[]> =>
    'toWire' in spec ? rows.map((row) => spec.toWire(row, language)) : spec.answer(caller, rows, language);
  return {
    async list(caller: Caller, query: Query, language: Language = 'en'): Promise<PageResult<Wire>> {
      const page = await spec.read(caller, query, toPaging(query, spec.sortable, spec.order));
      return { content: await answer(caller, page.content, language), totalElements: page.totalElements };
    },
    async exportSheet(
      caller: Caller,
      filter: Omit<Query, 'page' | 'size'>,
      language: Language = 'en',
    ): Promise<ListSheet<Wire>> {
      const { content } = await spec.read(caller, filter, toPaging({ sort: filter.sort }, spec.sortable, spec.order));
      return { name: spec.name, columns: spec.columns, rows: await answer(caller, content, language) };
    },
  };
}
