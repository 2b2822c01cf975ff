import type { Job, JobCreateInput, JobUpdateInput } from '@water/contract/jobs';

/** What the job form holds: the status as the `job_status` dictionary's value text. */
export interface JobFormValues {
  name: string;
  jobSort: number;
  enabled: string;
}

export const NEW_JOB: JobFormValues = { name: '', jobSort: 999, enabled: 'true' };

export function toJobFormValues(job: Job): JobFormValues {
  return { name: job.name, jobSort: job.jobSort, enabled: String(job.enabled) };
}

export function toJobInput(values: JobFormValues): JobCreateInput;
export function toJobInput(values: JobFormValues, id: number): JobUpdateInput;
export function toJobInput(values: JobFormValues, id?: number): JobCreateInput | JobUpdateInput {
  const fields = { name: values.name.trim(), jobSort: values.jobSort, enabled: values.enabled === 'true' };
  return id === undefined ? fields : { id, ...fields };
}
