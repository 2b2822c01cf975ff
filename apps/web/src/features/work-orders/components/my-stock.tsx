import { List } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMyStock } from '../api/my-stock.ts';

/** The parts the technician holds, one line each. */
export function MyStock() {
  const { t } = useTranslation();
  const stock = useMyStock();
  return (
    <List
      aria-label={t('workOrders.myStock')}
      size="small"
      loading={stock.isLoading}
      dataSource={stock.data ?? []}
      locale={{ emptyText: t('workOrders.noStock') }}
      renderItem={(line) => (
        <List.Item extra={`${line.quantity} ${line.unit}`}>
          <List.Item.Meta title={line.name} description={line.code} />
        </List.Item>
      )}
    />
  );
}
