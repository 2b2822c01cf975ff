import { parse as parseDisposition } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import {
  type Caller as Call,
  callerFor,
  DEFAULT_USER_PASSWORD,
  refusedField,
  tokenOf,
  useTestApp,
} from '../../../test/test-app.ts';
import { deptId, jobId, roleId, userBody } from '../users/test-fixtures.ts';

interface JobItem {
  id: number;
  name: string;
  jobSort: number;
  enabled: boolean;
}

describe('jobs API', () => {
  const ctx = useTestApp();
  const call: Call = (...args) => ctx.admin(...args);

  const names = (response: { json(): { content: JobItem[] } }) => response.json().content.map((job) => job.name);
  const find = async (name: string): Promise<JobItem | undefined> =>
    (await call('GET', `/api/job?size=100&name=${encodeURIComponent(name)}`))
      .json()
      .content.find((job: JobItem) => job.name === name);

  it('lists jobs with the eladmin call: jobSort then id descending', async () => {
    const response = await call('GET', '/api/job?page=0&size=10&sort=jobSort,asc&sort=id,desc');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBe(4);
    expect(page.content.map((job: JobItem) => job.name)).toEqual([
      'Chairman',
      'General Manager',
      'Engineer',
      'Sales Representative',
    ]);
    expect(page.content[0]).toEqual({
      id: expect.any(Number),
      name: 'Chairman',
      enabled: true,
      jobSort: 1,
      createBy: 'system',
      updateBy: null,
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(names(await call('GET', '/api/job?page=1&size=3&sort=jobSort,asc'))).toEqual(['Sales Representative']);
  });

  it('filters by name and status; readers of users see jobs too (for the user form)', async () => {
    expect(names(await call('GET', '/api/job?name=man'))).toEqual(['Chairman', 'General Manager']);
    expect(names(await call('GET', '/api/job?enabled=false'))).toEqual([]);
    const asTest = callerFor(ctx.t, await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD));
    const forForm = await asTest('GET', '/api/job?page=0&size=9999&enabled=true');
    expect(forForm.json().totalElements).toBe(4);
  });

  it('creates a job: 201, defaults for what is left out', async () => {
    const response = await call('POST', '/api/job', { id: null, name: 'Technician' });
    expect(response.statusCode).toBe(201);
    expect(response.body).toBe('');
    expect(await find('Technician')).toMatchObject({ enabled: true, jobSort: 999 });
    const eladmin = await call('POST', '/api/job', { name: 'Driver', jobSort: '7', enabled: 'false' });
    expect(eladmin.statusCode).toBe(201);
    expect(await find('Driver')).toMatchObject({ enabled: false, jobSort: 7 });
  });

  it.each([
    [{ name: '' }, 'name: must NOT have fewer than 1 characters'],
    [{ name: ' ' }, 'name: must not be empty'],
    [{ name: 'Engineer' }, 'name: "Engineer" is already used by another job'],
    [{ name: 'Valid', jobSort: 'first' }, 'jobSort: must be integer'],
    [{}, 'name: is required'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const response = await call('POST', '/api/job', body);
    expect(response.json()).toEqual(refusedField(message));
  });

  it('updates a job: 204; unknown id 404; a duplicate name 400', async () => {
    await call('POST', '/api/job', { name: 'Cook', jobSort: 4 });
    const cook = (await find('Cook')) as JobItem;
    expect((await call('PUT', '/api/job', { id: cook.id, name: 'Chef', enabled: false })).statusCode).toBe(204);
    expect(await find('Chef')).toMatchObject({ id: cook.id, enabled: false, jobSort: 4 });
    expect((await call('PUT', '/api/job', { id: 99999, name: 'Nobody' })).statusCode).toBe(404);
    const clash = await call('PUT', '/api/job', { id: cook.id, name: 'Chairman' });
    expect(clash.json()).toMatchObject({ status: 400, message: 'name: "Chairman" is already used by another job' });
  });

  it('deletes jobs nobody holds; refuses a held one naming it; unknown 404', async () => {
    await call('POST', '/api/job', { name: 'Temporary' });
    const temporary = (await find('Temporary')) as JobItem;
    expect((await call('DELETE', '/api/job', [99999])).statusCode).toBe(404);
    expect((await call('DELETE', '/api/job', [temporary.id])).statusCode).toBe(200);
    expect(await find('Temporary')).toBeUndefined();

    const engineer = await jobId(ctx.t, 'Engineer');
    const held = await call('DELETE', '/api/job', [engineer]);
    expect(held.json()).toMatchObject({
      status: 400,
      message: 'Users still hold the job "Engineer"; take it away from them before deleting it',
    });
    const user = userBody(await deptId(ctx.t, 'Sales'), await roleId(ctx.t, 'User'), { jobs: [{ id: engineer }] });
    expect((await call('POST', '/api/users', user)).statusCode).toBe(201);
    expect((await call('DELETE', '/api/job', [engineer])).statusCode).toBe(400);
  });

  it('exports jobs as <timestamp>-jobs.xlsx', async () => {
    const response = await call('GET', '/api/job/download?sort=jobSort,asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(parseDisposition(response.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: expect.stringMatching(/^\d{13}-jobs\.xlsx$/) },
    });
  });

  it('exports the page’s columns in the console’s language, with the statuses’ labels', async () => {
    const created = await call('POST', '/api/job', { name: 'Night porter', jobSort: 7, enabled: false });
    expect(created.statusCode, created.body).toBe(201);
    const url = '/api/job/download?name=Night%20porter';
    const english = await listExportIn(call, url, 'en-US,en;q=0.9');
    expect(english.titles).toEqual(['Name', 'Sort', 'Status', 'Created']);
    expect(english.rows).toEqual([
      {
        Name: 'Night porter',
        Sort: '7',
        Status: 'Disabled',
        Created: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      },
    ]);
    const chinese = await listExportIn(call, url, 'zh-CN,zh;q=0.9');
    expect(chinese.titles).toEqual(['名称', '排序', '状态', '创建时间']);
    expect(chinese.rows).toEqual([expect.objectContaining({ 名称: 'Night porter', 排序: '7', 状态: '禁用' })]);
  });
});
