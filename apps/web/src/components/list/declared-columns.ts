import type { ListColumn, ListColumns } from '@water/contract/list-columns';
import { asFen } from '@water/contract/money';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatFen } from '@/lib/format/money.ts';
import type { DataColumn } from './data-table.tsx';

/** What a page changes of a declared column: how a cell looks (a tag, a link), mostly. */
export type ColumnOverrides<T, C extends ListColumns<T>> = Partial<Record<keyof C, Partial<DataColumn<T>>>>;

/**
 * A list's declared columns (the contract's, the ones its Excel file has) as the page's table
 * columns, in their order: titles and value labels from the same texts, money as money, the
 * declared sort and visibility; `overrides` change a column's look by its key. Columns only for
 * the file are left out.
 */
export function declaredColumns<T, C extends ListColumns<T>>(
  columns: C,
  t: TFunction,
  language: string,
  overrides: ColumnOverrides<T, C> = {},
): DataColumn<T>[] {
  // Declared keys are text keys, checked against both languages by the contract's tests.
  const text = t as unknown as Text;
  return Object.entries(columns)
    .filter(([, column]) => !column.fileOnly)
    .map(([key, column]) => ({
      key,
      title: text(column.title),
      dataIndex: column.field,
      width: column.width,
      ellipsis: (column.kind ?? 'text') === 'text' ? true : undefined,
      align: numeric(column) ? 'right' : undefined,
      sortField: column.sortable ? column.field : undefined,
      hiddenByDefault: column.hidden,
      render: (_: unknown, row: T) => cellOf(column, row, text, language),
      ...overrides[key as keyof C],
    }));
}

type Text = (key: string, options?: Record<string, unknown>) => string;

const numeric = <T>(column: ListColumn<T>) => ['money', 'ml', 'percent'].includes(column.kind ?? 'text');

function cellOf<T>(column: ListColumn<T>, row: T, t: Text, language: string): ReactNode {
  const value = row[column.field];
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind ?? 'text') {
    case 'money':
      return formatFen(asFen(Number(value)), language);
    case 'ml':
      return t('list.litres', { value: (Number(value) / 1000).toFixed(2) });
    case 'percent':
      return `${value}%`;
    case 'enum':
      return t(`${column.labels}.${String(value)}`, { defaultValue: String(value) });
    case 'yesNo':
      return t(value ? 'list.yes' : 'list.no');
    default:
      return String(value);
  }
}
