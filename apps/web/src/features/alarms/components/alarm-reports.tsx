import type { ConsumerReport } from '@water/contract/public-machines';
import { Button, Descriptions, Empty, Image, List, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportPhoto, useAlarmReports } from '../api/alarm-reports.ts';

function ReportPhoto({ alarmId, report }: { alarmId: number; report: ConsumerReport }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  if (url) return <Image src={url} width={160} alt={t('alarms.reports.photo')} />;
  return (
    <Button size="small" onClick={() => void reportPhoto(alarmId, report.reportNo).then(setUrl, () => undefined)}>
      {t('alarms.reports.photo')}
    </Button>
  );
}

/** The consumers' reports a CONSUMER_REPORT alarm gathers: the problem, note, masked phone, the order named, the photo. */
export function AlarmReports({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation();
  const reports = useAlarmReports(alarmId);
  if (reports.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const rows = reports.data ?? [];
  if (rows.length === 0) return <Empty description={t('alarms.reports.none')} />;
  return (
    <List
      header={t('alarms.reports.title')}
      dataSource={rows}
      rowKey={(report) => report.reportNo}
      renderItem={(report) => (
        <List.Item>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'category',
                label: t('alarms.reports.category'),
                children: t(`alarms.reports.categories.${report.category}`),
              },
              { key: 'time', label: t('alarms.reports.time'), children: report.createTime },
              { key: 'order', label: t('alarms.reports.order'), children: report.orderNo ?? '—' },
              { key: 'phone', label: t('alarms.reports.phone'), children: report.phone ?? '—' },
              { key: 'note', label: t('alarms.reports.note'), children: report.note ?? '—' },
              {
                key: 'photo',
                label: t('alarms.reports.photo'),
                children: report.photo ? <ReportPhoto alarmId={alarmId} report={report} /> : '—',
              },
            ]}
          />
        </List.Item>
      )}
    />
  );
}
