import type { Machine } from '@water/contract/machines';
import { DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EntitySelect } from '@/components/entity-select.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { MACHINE_MODELS_WITH_CODE } from '@/components/machines/machine-entities.ts';
import { useUpdateMachine } from '../api/machine-changes.ts';

interface EditValues {
  stickerCode: string;
  modelId: number;
  imei: string;
  iccid: string;
  warrantyEnd: Dayjs | null;
}

const blankToNull = (value: string) => value.trim() || null;

/** Corrects a machine's sticker code, model, IMEI, ICCID and warranty end; its serial number stays. */
export function EditMachineForm({ dialog }: { dialog: FormDialog<Machine> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateMachine();
  const machine = dialog.record;
  return (
    <FormModal<EditValues>
      key={dialog.session}
      open={dialog.open && machine !== undefined}
      editing
      width={560}
      title={t('machines.editTitle', { serial: machine?.serialNo ?? '' })}
      form={form}
      initialValues={
        machine && {
          stickerCode: machine.stickerCode,
          modelId: machine.modelId,
          imei: machine.imei ?? '',
          iccid: machine.iccid ?? '',
          warrantyEnd: machine.warrantyEnd ? dayjs(machine.warrantyEnd) : null,
        }
      }
      onSubmit={async (values) => {
        if (!machine) return;
        await update.mutateAsync({
          id: machine.id,
          input: {
            stickerCode: values.stickerCode.trim(),
            modelId: values.modelId,
            imei: blankToNull(values.imei),
            iccid: blankToNull(values.iccid),
            warrantyEnd: values.warrantyEnd ? values.warrantyEnd.format('YYYY-MM-DD') : null,
          },
        });
      }}
      onClose={dialog.close}
    >
      <Typography.Paragraph type="secondary">{t('machines.editHint')}</Typography.Paragraph>
      <Form.Item
        name="stickerCode"
        label={t('machines.stickerCode')}
        rules={[
          { required: true, whitespace: true, message: t('list.required', { field: t('machines.stickerCode') }) },
        ]}
      >
        <Input maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item
        name="modelId"
        label={t('machines.model')}
        rules={[{ required: true, message: t('list.required', { field: t('machines.model') }) }]}
      >
        <EntitySelect entity={MACHINE_MODELS_WITH_CODE} />
      </Form.Item>
      <Form.Item name="imei" label="IMEI">
        <Input maxLength={15} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="iccid" label="ICCID">
        <Input maxLength={20} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="warrantyEnd" label={t('machines.warrantyEnd')}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
