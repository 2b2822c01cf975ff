import type { ListColumn, ListColumns } from '@water/contract/list-columns';
import { asFen } from '@water/contract/money';
import { yuanOf } from '../domain/money.ts';
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
