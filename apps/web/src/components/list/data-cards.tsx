import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Checkbox, Pagination, type PaginationProps, Spin, type TableProps, theme } from 'antd';
import { type CSSProperties, type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardSelection } from './card-selection.ts';
import { type CardLayout, DataCard, isFootColumn } from './data-card.tsx';
import styles from './data-cards.module.css';
import type { DataColumn } from './data-table.tsx';
import { sortOrderOf, type TableSorter } from './list-params.ts';
import { CHOSEN_COLUMN } from './use-chosen-row.tsx';

export interface DataCardsProps<T> {
  label: string;
  /** The shown columns, in their order. */
  columns: DataColumn<T>[];
  /** The column that heads each card; the first shown one without it. */
  titleKey?: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  loading: boolean;
  /** What shows without rows: empty, nothing matching, or the failure and its retry. */
  empty: ReactNode;
  tableProps?: Pick<TableProps<T>, 'rowSelection' | 'expandable' | 'onRow' | 'rowClassName'>;
  sort: readonly string[];
  onSort: (sorter: TableSorter) => void;
  pagination: PaginationProps | false;
}

const NEXT_ORDER = { ascend: 'descend', descend: null } as const;

/**
 * A list on a phone: one card per row instead of a table too wide for the screen. It keeps the
 * table's semantics (a table of rows and cells under a header row), its choosing of rows, its
 * opening of rows (details, a tree's levels), its sorting (the header's sortable columns) and paging.
 */
export function DataCards<T>(props: DataCardsProps<T>) {
  const { label, columns, titleKey, rows, rowKey, loading, empty, tableProps = {}, sort, onSort, pagination } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { rowSelection, expandable, onRow, rowClassName } = tableProps;
  const fields = columns.filter((column) => !isFootColumn(column));
  const foot = columns.filter(isFootColumn);
  const title =
    fields.find((column) => column.key === titleKey) ?? fields.find((column) => column.key !== CHOSEN_COLUMN);
  const selection = rowSelection && cardSelection(rowSelection, rows, rowKey);

  const [opened, setOpened] = useState<readonly Key[]>([]);
  const openKeys = expandable?.expandedRowKeys ?? opened;
  const expansion: CardLayout<T>['expansion'] = expandable && {
    opens: (row) =>
      expandable.expandedRowRender
        ? (expandable.rowExpandable?.(row) ?? true)
        : Array.isArray((row as { children?: unknown }).children),
    isOpen: (row) => openKeys.includes(rowKey(row)),
    toggle: (row, open) => {
      expandable.onExpand?.(open, row);
      setOpened((keys) => (open ? [...keys, rowKey(row)] : keys.filter((key) => key !== rowKey(row))));
    },
    details: expandable.expandedRowRender && ((row, index) => expandable.expandedRowRender?.(row, index, 0, true)),
  };
  const layout: CardLayout<T> = {
    fields,
    foot,
    titleKey: title?.key ?? '',
    rowKey,
    selection,
    expansion,
    onRow: onRow as CardLayout<T>['onRow'],
    rowClassName: typeof rowClassName === 'function' ? (row, index) => rowClassName(row, index, 0) : undefined,
  };
  const colours = {
    '--cards-border': token.colorBorderSecondary,
    '--cards-bg': token.colorBgContainer,
    '--cards-secondary': token.colorTextSecondary,
    '--cards-primary': token.colorPrimary,
  } as CSSProperties;
  const sortable = fields.some((column) => column.sortField);
  const firstSorter = fields.find((column) => column.sortField)?.key;

  return (
    <Spin spinning={loading}>
      <table aria-label={label} className={styles.cards} style={colours}>
        <thead>
          <tr className={selection || sortable ? styles.head : styles.srOnly}>
            {selection && (
              <th className={styles.pickAll}>
                <Checkbox
                  checked={selection.page.checked}
                  indeterminate={selection.page.indeterminate}
                  disabled={selection.page.disabled}
                  onChange={(event) => selection.togglePage(event.target.checked)}
                >
                  {t('list.selectPage')}
                </Checkbox>
              </th>
            )}
            {fields.map((column) => {
              const order = column.sortField ? sortOrderOf(sort, column.sortField) : null;
              if (!column.sortField) {
                return (
                  <th key={column.key} className={styles.srOnly}>
                    {column.title}
                  </th>
                );
              }
              return (
                <th
                  key={column.key}
                  className={styles.sorter}
                  aria-sort={order ? (order === 'ascend' ? 'ascending' : 'descending') : undefined}
                >
                  {column.key === firstSorter && (
                    <span aria-hidden className={styles.sortLabel}>
                      {t('list.sort')}
                    </span>
                  )}
                  <button
                    type="button"
                    onClick={() => onSort({ columnKey: column.sortField, order: order ? NEXT_ORDER[order] : 'ascend' })}
                  >
                    {column.title}
                    {order === 'ascend' && <ArrowUpOutlined aria-hidden />}
                    {order === 'descend' && <ArrowDownOutlined aria-hidden />}
                  </button>
                </th>
              );
            })}
            {foot.map((column) => (
              <th key={column.key} className={styles.srOnly}>
                {column.title}
              </th>
            ))}
            {expansion && <th className={styles.srOnly} />}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <DataCard key={rowKey(row)} row={row} index={index} depth={0} layout={layout} />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <div className={styles.empty}>{empty}</div>}
      {pagination && (pagination.total ?? 0) > 0 && (
        <Pagination {...pagination} size="small" showLessItems className={styles.pager} />
      )}
    </Spin>
  );
}
