import { EditOutlined } from '@ant-design/icons';
import {
  COMMAND_PERMISSIONS,
  type DesiredSettingsInput,
  SETTING_FIELDS,
  type SettingsValues,
} from '@water/contract/commands';
import { Alert, Button, Form, InputNumber, Skeleton, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { Permission } from '@/components/permission.tsx';
import { useEditSettings, useMachineSettings } from '../api/commands.ts';

type Field = (typeof SETTING_FIELDS)[number];

/** The bounds of each number the contract takes. */
const BOUNDS: Record<Exclude<Field, 'maintenance'>, { min: number; max: number }> = {
  pulsesPerLitre: { min: 1, max: 1_000_000 },
  heartbeatSeconds: { min: 10, max: 3600 },
  tdsOutMax: { min: 1, max: 5000 },
  tankLowPercent: { min: 0, max: 100 },
};

/** A machine's desired settings beside those it reported, and since when they differ; the desired ones edited. */
export function MachineSettingsPanel({ machineId }: { machineId: number }) {
  const { t } = useTranslation();
  const settings = useMachineSettings(machineId);
  const edit = useEditSettings();
  const [form] = Form.useForm<DesiredSettingsInput>();
  const [editing, setEditing] = useState({ open: false, session: 0 });
  const data = settings.data;
  if (!data) return <Skeleton active />;
  const shown = (field: Field, value: unknown) =>
    value === undefined || value === null
      ? '—'
      : field === 'maintenance'
        ? t(value ? 'commands.settings.on' : 'commands.settings.off')
        : String(value);
  const rows = [
    {
      key: 'version',
      label: t('commands.settings.version'),
      desired: data.desired.version,
      reported: data.reported?.version,
    },
    ...SETTING_FIELDS.map((field) => ({
      key: field,
      label: t(`commands.settings.fields.${field}`),
      desired: shown(field, data.desired[field]),
      reported: shown(field, data.reported?.[field]),
    })),
  ];
  return (
    <>
      <Alert
        type={data.drifting ? 'warning' : data.reported ? 'success' : 'info'}
        showIcon
        style={{ marginBottom: 12 }}
        title={
          data.drifting
            ? t('commands.settings.drifting', { version: data.desired.version })
            : data.reported
              ? t('commands.settings.inSync')
              : t('commands.settings.neverReported')
        }
        description={
          [
            data.driftSince && `${t('commands.settings.driftSince')}: ${data.driftSince}`,
            data.reportedTime && `${t('commands.settings.reportedTime')}: ${data.reportedTime}`,
          ]
            .filter(Boolean)
            .join(' · ') || undefined
        }
      />
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        aria-label={t('commands.settingsTab')}
        columns={[
          { dataIndex: 'label', key: 'label', title: '' },
          { dataIndex: 'desired', key: 'desired', title: t('commands.settings.desired') },
          { dataIndex: 'reported', key: 'reported', title: t('commands.settings.reported') },
        ]}
      />
      <Permission allow={[COMMAND_PERMISSIONS.command]}>
        <Button
          icon={<EditOutlined aria-hidden />}
          style={{ marginTop: 12 }}
          onClick={() => setEditing((previous) => ({ open: true, session: previous.session + 1 }))}
        >
          {t('commands.settings.edit')}
        </Button>
      </Permission>
      <FormModal<DesiredSettingsInput>
        key={editing.session}
        open={editing.open}
        editing
        width={440}
        title={t('commands.settings.edit')}
        doneText={t('commands.settings.saved')}
        form={form}
        initialValues={data.desired}
        onSubmit={async ({ version: _ignored, ...values }) =>
          edit.mutateAsync({ id: machineId, input: { ...(values as SettingsValues), version: data.desired.version } })
        }
        onClose={() => setEditing((previous) => ({ ...previous, open: false }))}
      >
        {SETTING_FIELDS.map((field) =>
          field === 'maintenance' ? (
            <Form.Item key={field} name={field} label={t(`commands.settings.fields.${field}`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : (
            <Form.Item
              key={field}
              name={field}
              label={t(`commands.settings.fields.${field}`)}
              rules={[{ required: true }]}
            >
              <InputNumber min={BOUNDS[field].min} max={BOUNDS[field].max} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          ),
        )}
      </FormModal>
    </>
  );
}
