import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { MachinesImported } from '@water/contract/machines';
import { Alert, Button, Form, Modal, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import { saveBlob } from '@/components/list/download-file.ts';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { toApiError } from '@/lib/api-error.ts';
import { useImportMachines } from '../api/machines.ts';
import { importColumnsIn, importTemplateCsv, secretsCsv } from './import-sheets.ts';

interface ImportValues {
  file: UploadFile[];
}

/** The rows the server refused: `rows.<row>.<column>`, each with its reason. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** The refused rows of an import, from the server's field errors (`rows.3.serialNo`), or none. */
export function rowErrorsOf(error: unknown): RowError[] {
  return toApiError(error).fieldErrors.flatMap((fieldError) => {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(fieldError.field);
    return match ? [{ row: Number(match[1]), column: match[2] as string, message: fieldError.message }] : [];
  });
}

const SHOWN_ERRORS = 20;

/**
 * Registers the machines of a sheet, all or none: a refusal lists each row at fault; success
 * shows every machine's gateway secret this once, with a CSV of them to keep.
 */
export function ImportMachinesForm({ dialog }: { dialog: FormDialog<never> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ImportValues>();
  const importing = useImportMachines();
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [result, setResult] = useState<MachinesImported>();
  const columnName = (column: string) => t(`machines.columns.${column as 'serialNo'}`, { defaultValue: column });
  return (
    <>
      <FormModal<ImportValues>
        key={dialog.session}
        open={dialog.open}
        editing={false}
        width={560}
        title={t('machines.importTitle')}
        okText={t('machines.import')}
        doneText={t('machines.importDone')}
        form={form}
        initialValues={{ file: [] }}
        onSubmit={async (values) => {
          const file = values.file[0]?.originFileObj;
          if (!file) return;
          setRowErrors([]);
          setResult(await importing.mutateAsync(file));
        }}
        onError={(error) => {
          const rows = rowErrorsOf(error);
          setRowErrors(rows);
          return rows.length > 0;
        }}
        onClose={() => {
          setRowErrors([]);
          dialog.close();
        }}
      >
        <Typography.Paragraph type="secondary">
          {t('machines.importHint', { columns: importColumnsIn(t).join(t('machines.columnSeparator')) })}
        </Typography.Paragraph>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          style={{ marginBottom: 16 }}
          onClick={() => saveBlob(new Blob([importTemplateCsv(t)], { type: 'text/csv' }), 'machines-template.csv')}
        >
          {t('machines.template')}
        </Button>
        <Form.Item
          name="file"
          label={t('machines.chooseSheet')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] } | UploadFile[]) =>
            Array.isArray(event) ? event : event.fileList
          }
          rules={[
            {
              validator: (_, value: UploadFile[] | undefined) =>
                value?.length ? Promise.resolve() : Promise.reject(new Error(t('machines.chooseSheet'))),
            },
          ]}
        >
          <Upload beforeUpload={() => false} maxCount={1} accept=".xlsx,.csv" onChange={() => setRowErrors([])}>
            <Button icon={<UploadOutlined aria-hidden />}>{t('machines.chooseSheet')}</Button>
          </Upload>
        </Form.Item>
        {rowErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('machines.importRefused')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {rowErrors.slice(0, SHOWN_ERRORS).map((error) => (
                  <li key={`${error.row}-${error.column}-${error.message}`}>
                    {t('machines.rowError', {
                      row: error.row,
                      column: columnName(error.column),
                      message: error.message,
                    })}
                  </li>
                ))}
                {rowErrors.length > SHOWN_ERRORS && (
                  <li>{t('machines.moreErrors', { count: rowErrors.length - SHOWN_ERRORS })}</li>
                )}
              </ul>
            }
          />
        )}
      </FormModal>
      <Modal
        open={result !== undefined}
        title={t('machines.importedTitle', { count: result?.imported ?? 0 })}
        onOk={() => setResult(undefined)}
        onCancel={() => setResult(undefined)}
        okText={t('machines.secretCopied')}
        cancelButtonProps={{ style: { display: 'none' } }}
        mask={{ closable: false }}
        width={640}
      >
        <Alert type="warning" showIcon title={t('machines.secretsOnce')} style={{ marginBottom: 16 }} />
        <Button
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          style={{ marginBottom: 16 }}
          onClick={() =>
            result && saveBlob(new Blob([secretsCsv(t, result.machines)], { type: 'text/csv' }), 'machine-secrets.csv')
          }
        >
          {t('machines.downloadSecrets')}
        </Button>
        <Table
          size="small"
          rowKey="id"
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          dataSource={result?.machines ?? []}
          columns={[
            { key: 'serialNo', title: t('machines.serialNo'), dataIndex: 'serialNo', width: 200 },
            {
              key: 'secret',
              title: t('machines.secretColumn'),
              dataIndex: 'secret',
              render: (secret: string) => (
                <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                  {secret}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
