import type { UseQueryResult } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import { Table, type TableColumnsType } from 'antd';

interface DetailTableProps<T> {
  /** The first page of the records, as many as the detail shows. */
  query: Pick<UseQueryResult<PageOf<T>>, 'data' | 'isPending'>;
  columns: TableColumnsType<T>;
}

/** The records that belong to the one in a detail drawer (its machines, say): small, unpaged, scrolling sideways. */
export function DetailTable<T extends { id: number }>({ query, columns }: DetailTableProps<T>) {
  return (
    <Table<T>
      size="small"
      rowKey="id"
      loading={query.isPending}
      dataSource={query.data?.content}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
    />
  );
}
