import { SLA_PERMISSIONS, type SlaSettings, type SlaTarget } from '@water/contract/sla';
import { App, Button, Checkbox, Flex, Input, InputNumber, Skeleton, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/components/permission.tsx';
import { useSaveSlaSettings, useSlaSettings } from '../api/sla.ts';

/** The days of the week, 1 Monday … 7 Sunday, by their text. */
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The targets of every type and priority and the business hours, changed by holders of sla:edit. */
export function SlaTargetsTab() {
  const settings = useSlaSettings();
  return settings.data ? <TargetsForm saved={settings.data} /> : <Skeleton active />;
}

function TargetsForm({ saved }: { saved: SlaSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const editable = can([SLA_PERMISSIONS.edit]);
  const save = useSaveSlaSettings();
  const [draft, setDraft] = useState<SlaSettings>(saved);
  const hours = draft.businessHours;
  const change = (row: SlaTarget, values: Partial<SlaTarget>) =>
    setDraft({
      ...draft,
      targets: draft.targets.map((target) =>
        target.type === row.type && target.priority === row.priority ? { ...target, ...values } : target,
      ),
    });
  const submit = async () => {
    await save.mutateAsync(draft);
    message.success(t('sla.saved'));
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sla.businessHoursTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('sla.businessHoursHint')}</Typography.Text>
      <Flex wrap gap={12} align="center">
        <Checkbox.Group
          aria-label={t('sla.days')}
          disabled={!editable}
          value={hours.days}
          onChange={(days) =>
            setDraft({ ...draft, businessHours: { ...hours, days: [...days].sort((a, b) => a - b) } })
          }
          options={WEEKDAYS.map((day, index) => ({ value: index + 1, label: t(`sla.weekdays.${day}`) }))}
        />
        <Flex gap={8} align="center">
          <Input
            type="time"
            aria-label={t('sla.from')}
            disabled={!editable}
            style={{ width: 120 }}
            value={hours.from}
            onChange={(event) => setDraft({ ...draft, businessHours: { ...hours, from: event.target.value } })}
          />
          –
          <Input
            type="time"
            aria-label={t('sla.to')}
            disabled={!editable}
            style={{ width: 120 }}
            value={hours.to}
            onChange={(event) => setDraft({ ...draft, businessHours: { ...hours, to: event.target.value } })}
          />
          {hours.to < hours.from && <Typography.Text type="secondary">{t('sla.nextDay')}</Typography.Text>}
        </Flex>
      </Flex>
      <Table<SlaTarget>
        size="small"
        rowKey={(row) => `${row.type}:${row.priority}`}
        dataSource={draft.targets}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'type', title: t('sla.type'), render: (_, row) => t(`workOrders.types.${row.type}`) },
          { key: 'priority', title: t('sla.priority'), render: (_, row) => t(`workOrders.priorities.${row.priority}`) },
          {
            key: 'response',
            title: t('sla.responseMinutes'),
            render: (_, row) => (
              <InputNumber
                aria-label={`${t(`workOrders.types.${row.type}`)} ${t(`workOrders.priorities.${row.priority}`)} ${t('sla.responseMinutes')}`}
                min={1}
                precision={0}
                disabled={!editable}
                value={row.responseMinutes}
                onChange={(value) => value !== null && change(row, { responseMinutes: value })}
              />
            ),
          },
          {
            key: 'resolution',
            title: t('sla.resolutionMinutes'),
            render: (_, row) => (
              <InputNumber
                aria-label={`${t(`workOrders.types.${row.type}`)} ${t(`workOrders.priorities.${row.priority}`)} ${t('sla.resolutionMinutes')}`}
                min={1}
                precision={0}
                disabled={!editable}
                value={row.resolutionMinutes}
                onChange={(value) => value !== null && change(row, { resolutionMinutes: value })}
              />
            ),
          },
          {
            key: 'businessHours',
            title: t('sla.businessHours'),
            render: (_, row) => (
              <Switch
                aria-label={`${t(`workOrders.types.${row.type}`)} ${t(`workOrders.priorities.${row.priority}`)} ${t('sla.businessHours')}`}
                disabled={!editable}
                checked={row.businessHours}
                onChange={(businessHours) => change(row, { businessHours })}
              />
            ),
          },
        ]}
      />
      {editable && (
        <Flex>
          <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
            {t('sla.save')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
