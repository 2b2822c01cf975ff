import { FIRST_STAGE_MIN, type FirmwarePackage, ROLLOUT_MAX_MACHINES } from '@water/contract/firmware';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { useMachinesOf, useStartRollout } from '../api/firmware.ts';

interface RolloutValues {
  machineIds: number[];
  /** Machines per stage, separated by commas or spaces (`20, 100`); empty: 1 %, 10 %, all. */
  batchSizes?: string;
}

/** The batch sizes typed, or none when the field is empty (the default stages). */
export function parseBatchSizes(text: string | undefined): number[] | undefined {
  const parts = (text ?? '').split(/[\s,，]+/).filter(Boolean);
  return parts.length === 0 ? undefined : parts.map(Number);
}

/** Starts a rollout of a package to machines of its model, in stages. */
export function RolloutForm({
  pkg,
  session,
  onClose,
  onStarted,
}: {
  pkg: FirmwarePackage | undefined;
  session: number;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RolloutValues>();
  const start = useStartRollout();
  const machines = useMachinesOf(pkg?.modelId);
  const options = (machines.data ?? []).map((machine) => ({ value: machine.id, label: machine.serialNo }));
  return (
    <FormModal<RolloutValues>
      key={session}
      open={pkg !== undefined}
      editing={false}
      title={t('firmware.startTitle', { version: pkg?.version ?? '' })}
      okText={t('firmware.startRollout')}
      doneText={t('firmware.started')}
      form={form}
      initialValues={{ machineIds: [] }}
      onSubmit={async (values) => {
        if (!pkg) return;
        const batchSizes = parseBatchSizes(values.batchSizes);
        await start.mutateAsync({
          packageId: pkg.id,
          machineIds: values.machineIds,
          ...(batchSizes ? { batchSizes } : {}),
        });
        onStarted();
      }}
      onClose={onClose}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('firmware.stopRule')} />
      <Form.Item label={t('firmware.machines')} extra={t('firmware.machinesHint')} required>
        <Space.Compact block>
          <Form.Item
            name="machineIds"
            noStyle
            rules={[{ required: true, message: t('list.required', { field: t('firmware.machines') }) }]}
          >
            <Select
              mode="multiple"
              maxCount={ROLLOUT_MAX_MACHINES}
              loading={machines.isLoading}
              options={options}
              maxTagCount="responsive"
              optionFilterProp="label"
              aria-label={t('firmware.machines')}
            />
          </Form.Item>
          <Button
            onClick={() =>
              form.setFieldValue(
                'machineIds',
                options.map((option) => option.value),
              )
            }
          >
            {t('list.all')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="batchSizes"
        label={t('firmware.batchSizes')}
        extra={t('firmware.batchSizesHint')}
        rules={[
          {
            pattern: /^[\d\s,，]*$/,
            message: t('firmware.batchSizesHint'),
          },
        ]}
      >
        <Input placeholder={`${FIRST_STAGE_MIN}, 100`} />
      </Form.Item>
    </FormModal>
  );
}
