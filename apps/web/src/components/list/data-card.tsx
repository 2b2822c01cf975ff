import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Checkbox } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type HTMLAttributes, isValidElement, type Key, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { cardSelection } from './card-selection.ts';
import styles from './data-cards.module.css';
import type { DataColumn } from './data-table.tsx';
import { RowActionsWithWords } from './row-actions.tsx';
import { CHOSEN_COLUMN } from './use-chosen-row.tsx';

/** How the cards of one list are drawn: the same for every card, and for a tree's nested cards. */
export interface CardLayout<T> {
  /** The list's shown columns but the foot's, in their order. */
  fields: DataColumn<T>[];
  /** The shown columns of buttons (a row's actions), drawn at the card's foot. */
  foot: DataColumn<T>[];
  /** The field that heads the card. */
  titleKey: string;
  rowKey: (row: T) => Key;
  selection?: ReturnType<typeof cardSelection<T>>;
  expansion?: {
    /** Whether the row opens: its details or its children. */
    opens: (row: T) => boolean;
    isOpen: (row: T) => boolean;
    toggle: (row: T, open: boolean) => void;
    /** What an opened row shows besides its children, if anything. */
    details?: (row: T, index: number) => ReactNode;
  };
  onRow?: (row: T, index?: number) => HTMLAttributes<HTMLElement>;
  rowClassName?: (row: T, index: number) => string;
}

/** Whether a column is one of buttons: a row's actions, kept in view at the right of a table. */
export const isFootColumn = (column: { key: string; fixed?: ColumnType<unknown>['fixed'] }) =>
  column.key === 'actions' || column.fixed === 'right';

/** A cell as the table draws it: the column's own render of the value at its `dataIndex`. */
function cellOf<T>(column: DataColumn<T>, row: T, index: number): ReactNode {
  const path: unknown[] = column.dataIndex === undefined ? [] : [column.dataIndex].flat();
  const value = path.reduce<unknown>((at, step) => (at as Record<string, unknown> | null)?.[String(step)], row);
  const rendered = column.render ? column.render(value, row, index) : value;
  if (rendered !== null && typeof rendered === 'object' && !isValidElement(rendered) && 'children' in rendered) {
    return rendered.children as ReactNode;
  }
  return rendered as ReactNode;
}

const blank = (node: ReactNode) => node === null || node === undefined || node === '' || node === false;

/**
 * One row of a list as a card: its title field at the top (with its checkbox when rows are
 * chosen, or its radio when one row is chosen for details beside the list), the other shown fields as label and value, its buttons with their words at the foot.
 * It is a row of cells in the columns' order, so it reads as the table's row does.
 */
export function DataCard<T>({
  row,
  index,
  depth,
  layout,
}: {
  row: T;
  index: number;
  depth: number;
  layout: CardLayout<T>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { fields, foot, titleKey, selection, expansion, onRow, rowClassName } = layout;
  const { onClick, style } = onRow?.(row, index) ?? {};
  const chosen = selection?.isChosen(row) ?? false;
  const opens = expansion?.opens(row) ?? false;
  const open = opens && (expansion?.isOpen(row) ?? false);
  const children = (row as { children?: T[] }).children;
  const className = [styles.card, chosen ? styles.chosen : '', rowClassName?.(row, index) ?? ''].join(' ');
  return (
    <>
      <tr className={className} style={{ ...style, marginInlineStart: depth * 16 }} onClick={onClick}>
        {selection && (
          <td className={styles.pick}>
            <Checkbox
              checked={chosen}
              disabled={selection.isDisabled(row)}
              aria-labelledby={titleId}
              onClick={(event) => event.stopPropagation()}
              onChange={(event) => selection.toggle(row, event.target.checked)}
            />
          </td>
        )}
        {fields.map((column) => {
          const content = cellOf(column, row, index);
          if (column.key === CHOSEN_COLUMN) {
            return (
              <td key={column.key} className={styles.pick}>
                {content}
              </td>
            );
          }
          if (column.key === titleKey) {
            return (
              <td key={column.key} id={titleId} className={styles.title}>
                {content}
              </td>
            );
          }
          return (
            // The label is drawn by the style sheet: the cell holds the value alone, as a table's does.
            <td key={column.key} className={styles.field} data-label={column.title}>
              <span className={styles.value}>{blank(content) ? '—' : content}</span>
            </td>
          );
        })}
        {(foot.length > 0 || opens) && <td aria-hidden className={styles.rule} />}
        <RowActionsWithWords.Provider value>
          {foot.map((column) => (
            <td key={column.key} className={styles.foot}>
              {cellOf(column, row, index)}
            </td>
          ))}
        </RowActionsWithWords.Provider>
        {expansion && (
          <td className={styles.toggle}>
            {opens && (
              <Button
                size="small"
                type="text"
                icon={open ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />}
                aria-expanded={open}
                onClick={(event) => {
                  event.stopPropagation();
                  expansion.toggle(row, !open);
                }}
              >
                {open ? t('list.collapse') : t('list.expand')}
              </Button>
            )}
          </td>
        )}
      </tr>
      {open && expansion?.details && (
        <tr className={styles.details} style={{ marginInlineStart: depth * 16 }}>
          <td>{expansion.details(row, index)}</td>
        </tr>
      )}
      {open &&
        Array.isArray(children) &&
        children.map((child, childIndex) => (
          <DataCard key={layout.rowKey(child)} row={child} index={childIndex} depth={depth + 1} layout={layout} />
        ))}
    </>
  );
}
