import type { Job } from '@water/contract/jobs';
import { jobsLocales } from '@water/contract/texts/jobs';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictRadio } from '@/components/dict-radio.tsx';
import { FormModal } from '@/components/form-modal.tsx';
import type { FormDialog } from '@/components/list/use-form-dialog.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useCreateJob } from '../api/create-job.ts';
import { useUpdateJob } from '../api/update-job.ts';
import { type JobFormValues, NEW_JOB, toJobFormValues, toJobInput } from './job-form-values.ts';

addPageTexts('jobs', jobsLocales);

export function JobForm({ dialog }: { dialog: FormDialog<Job> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<JobFormValues>();
  const create = useCreateJob();
  const update = useUpdateJob();
  const job = dialog.record;
  const submit = async (values: JobFormValues) => {
    if (job) await update.mutateAsync(toJobInput(values, job.id));
    else await create.mutateAsync(toJobInput(values));
  };
  return (
    <FormModal<JobFormValues>
      key={dialog.session}
      open={dialog.open}
      editing={!!job}
      title={job ? t('jobs.editTitle') : t('jobs.addTitle')}
      form={form}
      initialValues={job ? toJobFormValues(job) : NEW_JOB}
      onSubmit={submit}
      onClose={dialog.close}
    >
      <Form.Item
        name="name"
        label={t('jobs.name')}
        rules={[{ required: true, whitespace: true, message: t('list.required', { field: t('jobs.name') }) }]}
      >
        <Input maxLength={255} autoFocus />
      </Form.Item>
      <Form.Item name="jobSort" label={t('jobs.sort')} rules={[{ required: true }]}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('jobs.status')}>
        <DictRadio dict="job_status" />
      </Form.Item>
    </FormModal>
  );
}
