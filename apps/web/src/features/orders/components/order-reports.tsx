import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrderReports } from '../api/order-reports.ts';

/** The consumers' reports naming an order ("it took my money"), for the refund decision; nothing when none do. */
export function OrderReports({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const reports = useOrderReports(orderNo).data ?? [];
  if (reports.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 16 }}
      title={t('orders.consumerReports')}
      description={reports.map((report) => (
        <div key={report.reportNo}>
          {t('orders.consumerReport', {
            category: t(`orders.reportCategories.${report.category}`),
            alarmId: report.alarmId,
            time: report.createTime,
          })}
        </div>
      ))}
    />
  );
}
