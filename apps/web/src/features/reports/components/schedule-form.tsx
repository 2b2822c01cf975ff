import {
  REPORT_FORMATS,
  REPORT_GROUPINGS,
  REPORT_PERIODS,
  REPORT_RECIPIENTS_MAX,
  type ReportFormat,
  type ReportGrouping,
  type ReportPeriod,
  type ReportSchedule,
} from '@water/contract/reports';
import { EMAIL_PATTERN } from '@water/contract/validators';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { useSaveReportSchedule } from '../api/report-schedules.ts';

interface ScheduleValues {
  name: string;
  period: ReportPeriod;
  by: ReportGrouping;
  format: ReportFormat;
  /** The addresses as typed: one a line, or separated by commas or semicolons. */
  recipients: string;
  enabled: boolean;
}

const email = new RegExp(EMAIL_PATTERN);

/** The addresses of what was typed, each once, in their order. */
export const recipientsOf = (text: string | undefined) => [
  ...new Set(
    (text ?? '')
      .split(/[\s,;，；]+/)
      .map((address) => address.trim())
      .filter(Boolean),
  ),
];

/** Adds or edits a scheduled report: what it reports, in which file, to whom, and whether it goes. */
export function ScheduleForm({ dialog }: { dialog: FormDialog<ReportSchedule> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScheduleValues>();
  const save = useSaveReportSchedule();
  const schedule = dialog.record;
  const required = (field: string) => [{ required: true, message: t('list.required', { field }) }];
  return (
    <FormModal<ScheduleValues>
      key={dialog.session}
      open={dialog.open}
      editing={schedule !== undefined}
      title={schedule ? t('reports.editSchedule') : t('reports.addSchedule')}
      form={form}
      initialValues={
        schedule
          ? { ...schedule, recipients: schedule.recipients.join('\n') }
          : { period: 'DAY', by: 'agent', format: 'XLSX', recipients: '', enabled: true }
      }
      doneText={t('reports.saved')}
      onSubmit={(values) =>
        save.mutateAsync({
          ...(schedule ? { id: schedule.id } : {}),
          ...values,
          name: values.name.trim(),
          recipients: recipientsOf(values.recipients),
        })
      }
      onClose={dialog.close}
    >
      <Form.Item name="name" label={t('reports.name')} rules={required(t('reports.name'))}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="period" label={t('reports.period')} rules={required(t('reports.period'))}>
        <Select options={REPORT_PERIODS.map((value) => ({ value, label: t(`reports.periods.${value}`) }))} />
      </Form.Item>
      <Form.Item name="by" label={t('reports.by')} rules={required(t('reports.by'))}>
        <Select options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`reports.groupings.${value}`) }))} />
      </Form.Item>
      <Form.Item name="format" label={t('reports.format')} rules={required(t('reports.format'))}>
        <Select
          options={REPORT_FORMATS.map((value) => ({
            value,
            label: t(value === 'XLSX' ? 'reports.downloadXlsx' : 'reports.downloadPdf'),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="recipients"
        label={t('reports.recipients')}
        extra={t('reports.recipientsHint')}
        rules={[
          ...required(t('reports.recipients')),
          {
            validator: async (_, text: string | undefined) => {
              const addresses = recipientsOf(text);
              const wrong = addresses.find((address) => !email.test(address));
              if (wrong) throw new Error(t('reports.recipientsInvalid', { value: wrong }));
              if (addresses.length > REPORT_RECIPIENTS_MAX) {
                throw new Error(t('reports.recipientsTooMany', { count: REPORT_RECIPIENTS_MAX }));
              }
            },
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('reports.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
