import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format/date.ts';
import { useSeededText } from '@/lib/menu-title.ts';
import { useRecentOperations } from '../api/get-recent-operations.ts';

/** What happened last in the console, for those allowed to read the operation log. */
export function RecentOperations() {
  const { t } = useTranslation();
  const operations = useRecentOperations();
  const seeded = useSeededText();
  return (
    <Card title={t('dashboard.recentOperations')}>
      {operations.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !operations.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noOperations')} />
      ) : (
        <Flex vertical gap={10} component="ol" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {operations.data.map((operation) => (
            <li key={operation.id}>
              <Flex justify="space-between" gap={12}>
                <Typography.Text ellipsis>{seeded(operation.description || operation.method || '')}</Typography.Text>
                <Typography.Text type="secondary" style={{ flex: 'none' }}>
                  {formatTime(operation.createTime)}
                </Typography.Text>
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {operation.username ?? '–'}
                {operation.requestIp ? ` · ${operation.requestIp}` : ''}
              </Typography.Text>
            </li>
          ))}
        </Flex>
      )}
    </Card>
  );
}
