import type { UseQueryResult } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import { Button, Empty, Flex, type PaginationProps, Result, Space, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRouteKey } from '@/lib/call-api.ts';
import { usePhoneScreen } from '@/lib/media-query.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { loadHiddenColumns, saveHiddenColumns, visibleColumnKeys } from './column-visibility.ts';
import { DataCards } from './data-cards.tsx';
import { ExportButton } from './export-button.tsx';
import { cleanFilters, sortOrderOf } from './list-params.ts';
import { RefreshButton } from './refresh-button.tsx';
import { tableWidth } from './table-width.ts';
import type { ListController } from './use-list-state.ts';

/** A column of a list: its key names it in the column chooser; `sortField` makes it sortable on the server. */
export type DataColumn<T> = Omit<ColumnType<T>, 'key' | 'title' | 'sorter' | 'sortOrder'> & {
  key: string;
  title: string;
  sortField?: string;
  /** Hidden until the user shows it in the column chooser: for a column of less use in a wide table. */
  hiddenByDefault?: boolean;
};

interface DataTableProps<T, F extends object> {
  /** Names the table for the remembered column choice, e.g. `users`. */
  tableId: string;
  /** The accessible name of the table. */
  label: string;
  columns: DataColumn<T>[];
  list: ListController<F>;
  query: Pick<UseQueryResult<PageOf<T>>, 'data' | 'isFetching' | 'isError' | 'refetch'>;
  rowKey: (row: T) => Key;
  /** Buttons on the left of the toolbar (Add, …), already filtered by permission. */
  actions?: ReactNode;
  /** The Excel export of this list, when the module has one. */
  exportTo?: { route: FileRouteKey; name: string };
  /** Anything else antd's table takes (expandable rows, row clicks, selection). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowKey'>;
  /** Rows to show instead of `query.data.content`, e.g. a tree assembled from lazily loaded levels. */
  rows?: T[];
  /** The column that heads each row's card on a phone, when it is not the first column. */
  cardTitle?: string;
}

/**
 * The table of every list page: toolbar (actions, refresh, export, column chooser), server-side
 * paging and sorting driven by the list state, and its loading, empty and error states. On a
 * phone its rows are cards (`DataCards`), with the same columns shown.
 */
export function DataTable<T extends object, F extends object>(props: DataTableProps<T, F>) {
  const { tableId, label, columns, list, query, rowKey, actions, exportTo, tableProps, rows, cardTitle } = props;
  const { t } = useTranslation();
  const phone = usePhoneScreen();
  const hiddenByDefault = columns.filter((column) => column.hiddenByDefault).map((column) => column.key);
  const [hidden, setHidden] = useState(() => loadHiddenColumns(tableId, undefined, hiddenByDefault));
  const chooseColumns = (next: string[]) => {
    setHidden(next);
    saveHiddenColumns(tableId, next, undefined, hiddenByDefault);
  };

  const visible = useMemo(() => {
    const keys = visibleColumnKeys(
      columns.map((column) => column.key),
      hidden,
    );
    return columns.filter((column) => keys.includes(column.key));
  }, [columns, hidden]);
  const shown = useMemo(
    () =>
      visible.map(
        ({ sortField, hiddenByDefault: _hidden, ...column }): ColumnType<T> =>
          sortField
            ? { ...column, sorter: true, sortOrder: sortOrderOf(list.state.sort, sortField), showSorterTooltip: false }
            : column,
      ),
    [visible, list.state.sort],
  );

  const filtered = Object.keys(cleanFilters(list.state.filters)).length > 0;
  const emptyText = query.isError ? (
    <Result
      status="warning"
      title={t('list.loadFailed')}
      extra={<Button onClick={() => void query.refetch()}>{t('list.retry')}</Button>}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('list.noMatch') : t('list.empty')} />
  );
  const pagination: PaginationProps | false = list.paged && {
    current: list.state.page + 1,
    pageSize: list.state.size,
    total: query.data?.totalElements ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => t('list.total', { count: total }),
  };

  return (
    <Flex vertical gap={12} component="section" aria-label={label}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>{actions}</Space>
        <Space wrap>
          <RefreshButton query={query} />
          {exportTo && <ExportButton route={exportTo.route} name={exportTo.name} params={list.params} />}
          <ColumnChooser
            columns={columns.map(({ key, title }) => ({ key, title }))}
            hidden={hidden}
            onChange={chooseColumns}
          />
        </Space>
      </Flex>
      {phone ? (
        <DataCards<T>
          label={label}
          columns={visible}
          titleKey={cardTitle}
          rows={rows ?? query.data?.content ?? []}
          rowKey={rowKey}
          loading={query.isFetching}
          empty={emptyText}
          tableProps={tableProps}
          sort={list.state.sort}
          onSort={list.changeSort}
          pagination={
            pagination && {
              ...pagination,
              onChange: (page, size) => list.changePage(page - 1, size),
            }
          }
        />
      ) : (
        <Table<T>
          {...tableProps}
          rowKey={rowKey}
          columns={shown}
          dataSource={rows ?? query.data?.content ?? []}
          loading={query.isFetching}
          locale={{ emptyText }}
          scroll={{
            x: tableWidth(shown, { selection: !!tableProps?.rowSelection, expandable: !!tableProps?.expandable }),
            ...tableProps?.scroll,
          }}
          onChange={(paging, _filters, sorter, extra) => {
            if (extra.action === 'sort') list.changeSort(sorter);
            else if (extra.action === 'paginate') {
              list.changePage((paging.current ?? 1) - 1, paging.pageSize ?? list.state.size);
            }
          }}
          pagination={pagination}
        />
      )}
    </Flex>
  );
}
