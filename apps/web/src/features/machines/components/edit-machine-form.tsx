import type { Machine } from '@water/contract/machines';
import { Form, Input, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useUpdateMachine } from '../api/machine-changes.ts';
import { blankToNull, MachineFields, type MachineFieldValues } from './machine-fields.tsx';

interface EditValues extends MachineFieldValues {
  stickerCode: string;
}

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
            modelId: values.modelId as number,
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
      <MachineFields />
    </FormModal>
  );
}
