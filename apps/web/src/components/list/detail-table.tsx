import type { UseQueryResult } from '@tanstack/react-query';
import type { PageOf } from '@water/contract/common';
import { Table, type TableColumnsType, Typography } from 'antd';

interface DetailTableProps<T> {
  /** What the records are ("Machines here (3)"): a heading above them and the name of their region. */
  title?: string;
  /** The first page of the records, as many as the detail shows. */
  query: Pick<UseQueryResult<PageOf<T>>, 'data' | 'isPending'>;
  columns: TableColumnsType<T>;
}

/** The records that belong to the one in a detail drawer (its machines, say): small, unpaged, scrolling sideways. */
export function DetailTable<T extends { id: number }>({ title, query, columns }: DetailTableProps<T>) {
  const table = (
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
  if (title === undefined) return table;
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {table}
    </section>
  );
}
