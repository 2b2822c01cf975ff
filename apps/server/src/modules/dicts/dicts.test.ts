import { parse as parseDisposition } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

describe('dictionaries API', () => {
  const ctx = useTestApp();
  const call: Caller = (...args) => ctx.admin(...args);
  const asUser: Caller = (...args) => ctx.user(...args);
  const dictNamed = async (name: string) =>
    (await call('GET', `/api/dict?blurry=${name}&page=0&size=50`))
      .json()
      .content.find((d: { name: string }) => d.name === name);

  it('lists dictionaries with their entries, paged and sorted', async () => {
    const response = await call('GET', '/api/dict?page=0&size=10&sort=id,desc');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalElements).toBe(4);
    expect(body.content.map((d: { name: string }) => d.name)).toEqual([
      'site_type',
      'job_status',
      'dept_status',
      'user_status',
    ]);
    expect(body.content[3]).toMatchObject({
      name: 'user_status',
      description: 'User status',
      dictDetails: [
        { label: 'Active', value: 'true', dictSort: 1, dict: { id: body.content[3].id } },
        { label: 'Disabled', value: 'false', dictSort: 2 },
      ],
    });
    const second = (await call('GET', '/api/dict?page=1&size=2&sort=id,asc')).json();
    expect(second).toMatchObject({ totalElements: 4, content: [{ name: 'job_status' }, { name: 'site_type' }] });
    const all = (await call('GET', '/api/dict/all')).json();
    expect(all).toHaveLength(4);
  });

  it('answers the entries of one dictionary to any signed-in user, as eladmin-web asks for them', async () => {
    const response = await asUser('GET', '/api/dictDetail?dictName=dept_status&page=0&size=9999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      content: [
        { id: expect.any(Number), dict: { id: expect.any(Number) }, label: 'Enabled', value: 'true', dictSort: 1 },
        { id: expect.any(Number), dict: { id: expect.any(Number) }, label: 'Disabled', value: 'false', dictSort: 2 },
      ],
      totalElements: 2,
    });
    const map = (await asUser('GET', '/api/dictDetail/map?dictName=user_status,job_status')).json();
    expect(Object.keys(map)).toEqual(['user_status', 'job_status']);
    expect(map.job_status.map((d: { label: string }) => d.label)).toEqual(['Enabled', 'Disabled']);
    expect((await asUser('GET', '/api/dictDetail?dictName=nothing-here')).json()).toEqual({
      content: [],
      totalElements: 0,
    });
    expect((await asUser('GET', '/api/dictDetail')).json().message).toBe('dictName: is required');
  });

  it('creates a dictionary and entries, in sort order, and the cached entries follow every change', async () => {
    expect((await call('POST', '/api/dict', { name: 'machine_type', description: 'Machine type' })).statusCode).toBe(
      201,
    );
    const dict = await dictNamed('machine_type');
    expect(dict).toMatchObject({ description: 'Machine type', dictDetails: [], createBy: 'admin' });
    expect((await call('GET', '/api/dictDetail?dictName=machine_type')).json().content).toEqual([]);
    const add = (label: string, value: string | number, dictSort: number) =>
      call('POST', '/api/dictDetail', { label, value, dictSort, dict: { id: dict.id } });
    expect((await add('Wall-mounted', 2, 2)).statusCode).toBe(201);
    expect((await add('Free-standing', '1', 1)).statusCode).toBe(201);
    const listed = (await call('GET', '/api/dictDetail?dictName=machine_type&page=0&size=9999')).json().content;
    expect(listed.map((d: { label: string; value: string }) => [d.label, d.value])).toEqual([
      ['Free-standing', '1'],
      ['Wall-mounted', '2'],
    ]);
    const wall = listed[1];
    expect((await call('PUT', '/api/dictDetail', { ...wall, label: 'Wall unit', dictSort: 0 })).statusCode).toBe(204);
    const updated = (await call('GET', '/api/dictDetail?dictName=machine_type')).json().content;
    expect(updated.map((d: { label: string }) => d.label)).toEqual(['Wall unit', 'Free-standing']);
    expect((await call('DELETE', `/api/dictDetail/${wall.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/dictDetail?dictName=machine_type')).json().totalElements).toBe(1);
  });

  it('renames and deletes a dictionary with its entries', async () => {
    await call('POST', '/api/dict', { name: 'colour' });
    const dict = await dictNamed('colour');
    await call('POST', '/api/dictDetail', { label: 'Blue', value: 'blue', dict: { id: dict.id } });
    expect((await call('PUT', '/api/dict', { id: dict.id, name: 'colours', description: 'Colours' })).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/api/dictDetail?dictName=colours')).json().totalElements).toBe(1);
    expect((await call('GET', '/api/dictDetail?dictName=colour')).json().totalElements).toBe(0);
    expect((await call('DELETE', '/api/dict', [dict.id])).statusCode).toBe(200);
    expect(await dictNamed('colours')).toBeUndefined();
    expect((await call('GET', '/api/dictDetail?dictName=colours')).json().totalElements).toBe(0);
  });

  it.each([
    ['POST', '/api/dict', { name: 'user_status' }, 'name: a dictionary named "user_status" already exists'],
    [
      'POST',
      '/api/dict',
      { name: '9lives' },
      'name: must start with a letter and contain only letters, digits, _ and -',
    ],
    ['POST', '/api/dict', { description: 'x' }, 'name: is required'],
    [
      'POST',
      '/api/dictDetail',
      { label: 'x', value: 'y', dict: { id: 999999 } },
      'dict.id: no dictionary with id 999999',
    ],
    ['POST', '/api/dictDetail', { label: '', value: 'y', dict: { id: 1 } }, /^label: /],
    ['POST', '/api/dictDetail', { label: 'x', dict: { id: 1 } }, 'value: is required'],
    ['PUT', '/api/dict', { name: 'x_y' }, 'id: is required'],
  ] as const)('%s %s refuses %o', async (method, url, payload, message) => {
    const before = (await call('GET', '/api/dict/all')).body;
    const response = await call(method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect((await call('GET', '/api/dict/all')).body).toBe(before);
  });

  it('refuses a value already in the dictionary', async () => {
    const userStatus = await dictNamed('user_status');
    const response = await call('POST', '/api/dictDetail', {
      label: 'Yes',
      value: 'true',
      dict: { id: userStatus.id },
    });
    expect(response.json()).toMatchObject({
      status: 400,
      message: 'value: "true" is already in dictionary user_status',
    });
  });

  it('answers 404 for unknown ids', async () => {
    expect((await call('DELETE', '/api/dictDetail/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/dict', [999999])).statusCode).toBe(404);
    expect((await call('PUT', '/api/dict', { id: 999999, name: 'ghost' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/dictDetail/abc')).json().message).toMatch(/^id: /);
  });

  it('exports the entries as <timestamp>-dictionaries.xlsx', async () => {
    const response = await call('GET', '/api/dict/download');
    expect(parseDisposition(response.headers['content-disposition'] as string).parameters.filename).toMatch(
      /^\d{13}-dictionaries\.xlsx$/,
    );
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports the page’s columns with each entry’s in the console’s language', async () => {
    expect((await call('POST', '/api/dict', { name: 'empty_dict', description: 'No entries yet' })).statusCode).toBe(
      201,
    );
    const english = await listExportIn(call, '/api/dict/download', 'en-US,en;q=0.9');
    expect(english.titles).toEqual(['Name', 'Description', 'Label', 'Value', 'Sort', 'Created']);
    const userStatus = english.rows.filter((row) => row.Name === 'user_status');
    expect(userStatus).toEqual([
      expect.objectContaining({ Description: 'User status', Label: 'Active', Value: 'true', Sort: '1' }),
      expect.objectContaining({ Description: 'User status', Label: 'Disabled', Value: 'false', Sort: '2' }),
    ]);
    // A dictionary without entries has its row all the same.
    expect(english.rows.filter((row) => row.Name === 'empty_dict')).toEqual([
      expect.objectContaining({ Description: 'No entries yet', Label: '', Value: '', Sort: '' }),
    ]);
    const chinese = await listExportIn(call, '/api/dict/download', 'zh-CN,zh;q=0.9');
    expect(chinese.titles).toEqual(['名称', '描述', '标签', '值', '排序', '创建时间']);
    // Seeded descriptions and labels as the Dictionaries page shows them; what staff typed as typed.
    expect(chinese.rows).toContainEqual(
      expect.objectContaining({ 名称: 'user_status', 描述: '用户状态', 标签: '激活', 值: 'true' }),
    );
    expect(chinese.rows).toContainEqual(expect.objectContaining({ 名称: 'site_type', 标签: '住宅小区' }));
    expect(chinese.rows).toContainEqual(expect.objectContaining({ 名称: 'empty_dict', 描述: 'No entries yet' }));
  });
});
