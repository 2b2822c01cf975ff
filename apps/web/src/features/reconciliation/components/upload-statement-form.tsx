import { InboxOutlined } from '@ant-design/icons';
import {
  type ReconciliationImport,
  STATEMENT_CHANNELS,
  STATEMENT_MAX_BYTES,
  type StatementChannel,
} from '@water/contract/reconciliation';
import { DatePicker, Form, Radio, Typography, Upload, type UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useImportStatement } from '../api/reconciliation.ts';

interface UploadValues {
  channel: StatementChannel;
  day: Dayjs;
  file: UploadFile[];
}

/**
 * Imports a channel's statement of a day: the channel and day chosen, the file dragged in. The
 * server refuses a file of another channel or day, or one it cannot read, under the file.
 */
export function UploadStatementForm({
  dialog,
  onImported,
}: {
  dialog: FormDialog<never>;
  onImported: (imported: ReconciliationImport) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadValues>();
  const importing = useImportStatement();
  return (
    <FormModal<UploadValues>
      key={dialog.session}
      open={dialog.open}
      editing={false}
      title={t('reconciliation.uploadTitle')}
      okText={t('reconciliation.importOk')}
      doneText={t('reconciliation.importDone')}
      form={form}
      initialValues={{ channel: 'WECHAT', day: dayjs().subtract(1, 'day'), file: [] }}
      onSubmit={async (values) => {
        const file = values.file[0]?.originFileObj;
        if (!file) return;
        onImported(
          await importing.mutateAsync({ channel: values.channel, day: values.day.format('YYYY-MM-DD'), file }),
        );
      }}
      onClose={dialog.close}
    >
      <Typography.Paragraph type="secondary">
        {t('reconciliation.uploadHint', { mb: STATEMENT_MAX_BYTES / 1024 / 1024 })}
      </Typography.Paragraph>
      <Form.Item name="channel" label={t('reconciliation.channel')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={STATEMENT_CHANNELS.map((channel) => ({ value: channel, label: t(`orders.channels.${channel}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="day"
        label={t('reconciliation.day')}
        rules={[{ required: true, message: t('reconciliation.chooseDay') }]}
      >
        <DatePicker allowClear={false} disabledDate={(day) => day.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('reconciliation.fileName')}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] } | UploadFile[]) =>
          Array.isArray(event) ? event : event.fileList.slice(-1)
        }
        rules={[
          {
            validator: (_, value: UploadFile[] | undefined) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error(t('reconciliation.chooseFile'))),
          },
        ]}
      >
        <Upload.Dragger beforeUpload={() => false} maxCount={1} accept=".csv,text/csv">
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t('reconciliation.drag')}</p>
        </Upload.Dragger>
      </Form.Item>
    </FormModal>
  );
}
