import Type, { type Static } from 'typebox';
import { AbsentId, DateTime, Id } from './common.ts';
import { listColumns } from './list-columns.ts';

export const DictDetail = Type.Object({
  id: Type.Integer(),
  dict: Type.Object({ id: Type.Integer() }),
  label: Type.String(),
  /** Always a string on the wire; the web client turns numeric-looking values into numbers. */
  value: Type.String(),
  dictSort: Type.Integer(),
});
export type DictDetail = Static<typeof DictDetail>;

export const Dict = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  dictDetails: Type.Array(DictDetail),
  createBy: Type.Union([Type.String(), Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type Dict = Static<typeof Dict>;

/**
 * A dictionary's row in its Excel file, which lists every entry: the dictionary's fields with one
 * entry's (a dictionary without entries has one row, without them).
 */
export type DictEntryRow = Dict & { entryLabel?: string; entryValue?: string; entrySort?: number };

/** The dictionaries' list on the page, and in its Excel file with their entries. */
export const DICT_COLUMNS = listColumns<DictEntryRow>()({
  name: { field: 'name', title: 'dicts.name', sortable: true },
  description: { field: 'description', title: 'dicts.description' },
  entryLabel: { field: 'entryLabel', title: 'dicts.entryLabel', fileOnly: true },
  entryValue: { field: 'entryValue', title: 'dicts.entryValue', fileOnly: true },
  entrySort: { field: 'entrySort', title: 'dicts.entrySort', fileOnly: true },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, width: 180 },
});

/** Dictionary names: a letter, then letters, digits, underscores or dashes. */
export const DICT_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]*$';

export const DictInput = Type.Object({
  id: AbsentId,
  name: Type.String({
    minLength: 1,
    maxLength: 255,
    pattern: DICT_NAME_PATTERN,
    errorMessage: 'must start with a letter and contain only letters, digits, _ and -',
  }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
});
export type DictInput = Static<typeof DictInput>;

export const DictDetailInput = Type.Object({
  id: AbsentId,
  label: Type.String({ minLength: 1, maxLength: 255 }),
  value: Type.String({ minLength: 1, maxLength: 255 }),
  dictSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  dict: Type.Object({ id: Id() }),
});
export type DictDetailInput = Static<typeof DictDetailInput>;
