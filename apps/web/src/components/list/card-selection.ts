import type { RowSelectMethod, TableRowSelection } from 'antd/es/table/interface';
import type { Key } from 'react';

/** The rows of a page, each followed by its loaded children (a tree's opened levels). */
export function flattenRows<T>(rows: readonly T[]): T[] {
  return rows.flatMap((row) => {
    const children = (row as { children?: unknown }).children;
    return [row, ...(Array.isArray(children) ? flattenRows(children as T[]) : [])];
  });
}

/**
 * Choosing rows on cards, as antd's table does it: the same `rowSelection` (chosen keys, disabled
 * rows, `onChange` with the keys and their rows); rows no longer shown are let go.
 */
export function cardSelection<T>(selection: TableRowSelection<T>, rows: readonly T[], rowKey: (row: T) => Key) {
  const all = flattenRows(rows);
  const chosen = new Set(selection.selectedRowKeys ?? []);
  const enabled = all.filter((row) => !selection.getCheckboxProps?.(row)?.disabled);
  const choose = (keys: Set<Key>, type: RowSelectMethod) => {
    const picked = all.filter((row) => keys.has(rowKey(row)));
    selection.onChange?.(picked.map(rowKey), picked, { type });
  };
  const chosenOnPage = enabled.filter((row) => chosen.has(rowKey(row))).length;
  return {
    isChosen: (row: T) => chosen.has(rowKey(row)),
    isDisabled: (row: T) => !!selection.getCheckboxProps?.(row)?.disabled,
    toggle: (row: T, on: boolean) => {
      const keys = new Set(chosen);
      if (on) keys.add(rowKey(row));
      else keys.delete(rowKey(row));
      choose(keys, 'single');
    },
    /** Every row of the page that may be chosen, or none. */
    togglePage: (on: boolean) => {
      const keys = new Set(chosen);
      for (const row of enabled) {
        if (on) keys.add(rowKey(row));
        else keys.delete(rowKey(row));
      }
      choose(keys, on ? 'all' : 'none');
    },
    page: {
      checked: enabled.length > 0 && chosenOnPage === enabled.length,
      indeterminate: chosenOnPage > 0 && chosenOnPage < enabled.length,
      disabled: enabled.length === 0,
    },
  };
}
