import { describe, expect, it } from 'vitest';
import { NEW_JOB, toJobFormValues, toJobInput } from './job-form-values.ts';

describe('job form values', () => {
  it('become the create and update payloads', () => {
    expect(toJobInput({ ...NEW_JOB, name: '  Driver ' })).toEqual({ name: 'Driver', jobSort: 999, enabled: true });
    expect(toJobInput({ name: 'Driver', jobSort: 3, enabled: 'false' }, 7)).toEqual({
      id: 7,
      name: 'Driver',
      jobSort: 3,
      enabled: false,
    });
  });

  it('come from a job, the status as its dictionary value', () => {
    const job = {
      id: 7,
      name: 'Driver',
      enabled: false,
      jobSort: 3,
      createBy: null,
      updateBy: null,
      createTime: null,
      updateTime: null,
    };
    expect(toJobFormValues(job)).toEqual({ name: 'Driver', jobSort: 3, enabled: 'false' });
    expect(toJobInput(toJobFormValues(job), job.id)).toEqual({ id: 7, name: 'Driver', jobSort: 3, enabled: false });
  });
});
