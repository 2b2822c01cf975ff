import { Radio } from 'antd';
import { type Key, useState } from 'react';
import type { DataColumn } from './data-table.tsx';

/** The key of the choice column: a phone's card shows its radio beside the card's title. */
export const CHOSEN_COLUMN = 'chosen';

export interface ChosenRowOptions<T> {
  rowKey: (row: T) => Key;
  /** The accessible name of a row's choice, e.g. "Choose Administrator". */
  label: (row: T) => string;
  /** The heading of the choice column, e.g. "Menus". */
  title: string;
}

/**
 * The row of a master list whose details show beside it: chosen with the radio of its first
 * column (keyboard) or a click anywhere on the row. It leaves the table's own row selection free
 * for choosing rows to delete together.
 */
export function useChosenRow<T>({ rowKey, label, title }: ChosenRowOptions<T>) {
  const [chosen, setChosen] = useState<T>();
  const chosenKey = chosen === undefined ? undefined : rowKey(chosen);
  const isChosen = (row: T) => chosenKey !== undefined && rowKey(row) === chosenKey;
  const column: DataColumn<T> = {
    key: CHOSEN_COLUMN,
    title,
    width: 72,
    align: 'center',
    render: (_, row) => <Radio checked={isChosen(row)} aria-label={label(row)} onChange={() => setChosen(row)} />,
  };
  return {
    chosen,
    setChosen,
    /** The radio column, first in the table. */
    column,
    /** For the table's `onRow`: a click on the row chooses it. */
    onRow: (row: T) => ({ onClick: () => setChosen(row), style: { cursor: 'pointer' } }),
    /** For the table's `rowClassName`: the chosen row is shaded as antd shades a selected one. */
    rowClassName: (row: T) => (isChosen(row) ? 'ant-table-row-selected' : ''),
  };
}
