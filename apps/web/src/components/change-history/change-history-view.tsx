import { useQuery } from '@tanstack/react-query';
import type { ChangeRecord } from '@water/contract/audit';
import { Empty, List, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { callApi } from '@/lib/call-api.ts';
import { auditKeys } from '@/lib/query-keys.ts';
import { type FieldChange, fieldChanges, shownValue } from './change-diff.ts';
import { useValueTexts, valueKey } from './change-values.ts';

/** `GET api/audit` of one record: its last 50 changes, newest first. */
export function useChangeHistory(recordType: string, recordId: number | string | undefined) {
  return useQuery({
    queryKey: auditKeys.history(recordType, recordId ?? ''),
    queryFn: () =>
      callApi('GET /api/audit', {
        query: {
          recordType: recordType as ChangeRecord['recordType'] as never,
          recordId: String(recordId),
          page: 0,
          size: 50,
        },
      }),
    enabled: recordId !== undefined,
  });
}

/** A change's fields, before and after, in a small table that scrolls sideways on a phone. */
export function ChangeDiff({ change }: { change: ChangeRecord }) {
  const { t } = useTranslation();
  useValueTexts(change.recordType);
  /** A value in the console's language where it is a word of a fixed set (a state, a level). */
  const shown = (field: string, value: unknown) => {
    const key = valueKey(change.recordType, field, value);
    return key ? t(key, { defaultValue: shownValue(value) }) : shownValue(value);
  };
  return (
    <Table<FieldChange>
      size="small"
      rowKey="field"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={fieldChanges(change.before, change.after)}
      columns={[
        {
          key: 'field',
          title: t('audit.field'),
          render: (_, row) => t(`audit.fields.${row.field}`, { defaultValue: row.field }),
        },
        { key: 'before', title: t('audit.before'), render: (_, row) => shown(row.field, row.before) },
        { key: 'after', title: t('audit.after'), render: (_, row) => <strong>{shown(row.field, row.after)}</strong> },
      ]}
    />
  );
}

/** The History tab of a record's detail: when, who and what changed, each change's values before and after. */
export function ChangeHistory({ recordType, recordId }: { recordType: string; recordId: number | string }) {
  const { t } = useTranslation();
  const history = useChangeHistory(recordType, recordId);
  return (
    <section aria-label={t('audit.history')}>
      <List<ChangeRecord>
        loading={history.isPending}
        dataSource={history.data?.content}
        locale={{ emptyText: <Empty description={t('audit.none')} /> }}
        renderItem={(change) => (
          <List.Item key={change.id} style={{ display: 'block' }}>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              <Typography.Text strong>
                {t(`audit.actions.${change.action}`, { defaultValue: change.action })}
              </Typography.Text>
              {' · '}
              {change.username ?? t('audit.system')}
              {' · '}
              <Typography.Text type="secondary">{change.at}</Typography.Text>
            </Typography.Paragraph>
            <ChangeDiff change={change} />
          </List.Item>
        )}
      />
    </section>
  );
}
