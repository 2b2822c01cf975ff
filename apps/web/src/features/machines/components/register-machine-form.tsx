import type { MachineRegistered } from '@water/contract/machines';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useRegisterMachine } from '../api/machines.ts';
import { blankToNull, MachineFields, type MachineFieldValues } from './machine-fields.tsx';

interface RegisterValues extends MachineFieldValues {
  serialNo: string;
  stickerCode: string;
  firmware: string;
}

/**
 * Registers a machine into the company's stock, then shows its gateway secret this one time:
 * the server keeps only a key derived from it, so whoever installs the machine copies it now.
 */
export function RegisterMachineForm({ dialog }: { dialog: FormDialog<never> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegisterMachine();
  const [registered, setRegistered] = useState<MachineRegistered>();
  return (
    <>
      <FormModal<RegisterValues>
        key={dialog.session}
        open={dialog.open}
        editing={false}
        width={560}
        title={t('machines.registerTitle')}
        okText={t('machines.register')}
        doneText={t('machines.registered')}
        form={form}
        initialValues={{ serialNo: '', stickerCode: '', imei: '', iccid: '', firmware: '' }}
        onSubmit={async (values) => {
          const result = await register.mutateAsync({
            serialNo: values.serialNo.trim(),
            stickerCode: blankToNull(values.stickerCode),
            modelId: values.modelId as number,
            imei: blankToNull(values.imei),
            iccid: blankToNull(values.iccid),
            firmware: blankToNull(values.firmware),
            warrantyEnd: values.warrantyEnd ? values.warrantyEnd.format('YYYY-MM-DD') : null,
          });
          setRegistered(result);
        }}
        onClose={dialog.close}
      >
        <Form.Item
          name="serialNo"
          label={t('machines.serialNo')}
          rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('machines.serialNo') }) }]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item name="stickerCode" label={t('machines.stickerCode')} extra={t('machines.stickerHint')}>
          <Input maxLength={64} />
        </Form.Item>
        <MachineFields firmware />
      </FormModal>
      <Modal
        open={registered !== undefined}
        title={t('machines.secretTitle', { serial: registered?.machine.serialNo ?? '' })}
        onOk={() => setRegistered(undefined)}
        onCancel={() => setRegistered(undefined)}
        okText={t('machines.secretCopied')}
        cancelButtonProps={{ style: { display: 'none' } }}
        mask={{ closable: false }}
      >
        <Alert type="warning" showIcon title={t('machines.secretOnce')} style={{ marginBottom: 16 }} />
        <Typography.Paragraph
          copyable={{ text: registered?.secret }}
          code
          style={{ fontSize: 16, wordBreak: 'break-all' }}
        >
          {registered?.secret}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
