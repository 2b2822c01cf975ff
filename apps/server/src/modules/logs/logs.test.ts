import { operationName } from '@water/contract/operation-names';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import {
  ADMIN_PASSWORD,
  callerFor,
  createTestApp,
  DEFAULT_USER_PASSWORD,
  loginAs,
  type TestApp,
  tokenOf,
  useTestApp,
} from '../../../test/test-app.ts';

async function sheetRows(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

describe('operation log, online users and dashboard', () => {
  let t: TestApp;
  let call: ReturnType<typeof callerFor>;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    call = callerFor(t, await tokenOf(t));
  });
  afterAll(() => t.close());

  it('records every write with who, what, when, from where and how long, secrets masked', async () => {
    await call('POST', '/api/dict', { name: 'logged_dict', description: 'for the log' });
    const { content } = (await call('GET', '/api/logs?page=0&size=5&sort=id,desc')).json();
    const entry = content.find((row: { description: string }) => row.description === 'Create a dictionary');
    expect(entry).toMatchObject({
      logType: 'INFO',
      method: 'POST /api/dict',
      username: 'admin',
      requestIp: '127.0.0.1',
      address: 'Local network',
      params: JSON.stringify({ name: 'logged_dict', description: 'for the log' }),
    });
    expect(entry.time).toBeGreaterThanOrEqual(0);
    expect(entry.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('names every write of the API by its operation name, and logs no read sent as POST', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> };
    const unnamed: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations).map((name) => name.toUpperCase())) {
        // Machines, payment channels and consumers are not staff: their calls are not operations.
        const notStaff = ['/gateway/', '/api/public/', '/api/payments/notify/', '/pay/'].some((prefix) =>
          path.startsWith(prefix),
        );
        if (['GET', 'HEAD', 'OPTIONS'].includes(method) || path.endsWith('/superior') || notStaff) continue;
        const route = path.replace(/\{(\w+)\}/g, ':$1');
        if (!operationName(method, route)) unnamed.push(`${method} ${route}`);
      }
    }
    expect(unnamed).toEqual([]);

    await call('PUT', '/api/job', { id: 1, name: 'Chairman', jobSort: 1, enabled: true });
    await call('POST', '/api/dept/superior', [1]);
    const { content } = (await call('GET', '/api/logs?page=0&size=2&sort=id,desc')).json();
    expect(content[0]).toMatchObject({ description: 'Edit a job', method: 'PUT /api/job' });
    expect(content.map((row: { method: string }) => row.method)).not.toContain('POST /api/dept/superior');
  });

  it('records sign-ins, and failed ones as errors without the password', async () => {
    await loginAs(t, 'admin', 'a-wrong-password');
    const errors = (await call('GET', '/api/logs/error?blurry=Sign')).json().content;
    const failed = errors.find((row: { description: string }) => row.description === 'Sign in');
    expect(failed).toMatchObject({ username: 'admin', params: '{"username":"admin"}' });
    expect(JSON.stringify(errors)).not.toContain('a-wrong-password');
    const detail = (await call('GET', `/api/logs/error/${failed.id}`)).json();
    expect(detail.exception).toMatch(/^Wrong username or password \(request /);
  });

  it('records a refused write as an error', async () => {
    const user = callerFor(t, await tokenOf(t, 'test', DEFAULT_USER_PASSWORD));
    await user('DELETE', '/api/dict', [1]);
    const errors = (await call('GET', '/api/logs/error?blurry=test')).json().content;
    expect(errors[0]).toMatchObject({ username: 'test', method: 'DELETE /api/dict', logType: 'ERROR' });
    const detail = (await call('GET', `/api/logs/error/${errors[0].id}`)).json();
    expect(detail.exception).toMatch(/^You do not have permission to do this/);
  });

  it('shows users their own operations only, without parameters', async () => {
    const user = callerFor(t, await tokenOf(t, 'test', DEFAULT_USER_PASSWORD));
    const own = (await user('GET', '/api/logs/user?page=0&size=10')).json();
    expect(own.content.length).toBeGreaterThan(0);
    expect(
      own.content.every((row: { username: string; params: null }) => row.username === 'test' && row.params === null),
    ).toBe(true);
  });

  it('lists online sessions and kicks one out', async () => {
    const victim = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    const online = (await call('GET', '/auth/online?page=0&size=50&username=test')).json();
    expect(online.totalElements).toBeGreaterThan(0);
    expect(online.content[0]).toMatchObject({
      userName: 'test',
      nickName: 'Test user',
      dept: 'Sales',
      ip: '127.0.0.1',
    });
    const keys = online.content.map((row: { key: string }) => row.key);
    expect((await call('DELETE', '/auth/online', keys)).statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/auth/info', headers: { authorization: victim } });
    expect(info.statusCode).toBe(401);
    expect((await call('GET', '/auth/online?username=test')).json().totalElements).toBe(0);
  });

  it('searches online users with % and _ taken literally, and sorts only by the columns it offers', async () => {
    await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    expect((await call('GET', '/auth/online?username=t_st')).json().totalElements).toBe(0);
    expect((await call('GET', '/auth/online?username=%25')).json().totalElements).toBe(0);
    expect((await call('GET', '/auth/online?username=tes')).json().totalElements).toBeGreaterThan(0);
    const sorted = (await call('GET', '/auth/online?sort=userName,desc')).json().content;
    expect(sorted.map((row: { userName: string }) => row.userName)).toEqual(
      [...sorted.map((row: { userName: string }) => row.userName)].sort().reverse(),
    );
    expect((await call('GET', '/auth/online?sort=key,asc')).statusCode).toBe(400);
    const refused = await call('GET', '/auth/online?sort=key,asc', undefined, { 'accept-language': 'zh-CN' });
    expect(refused.json().errors[0]).toMatchObject({ field: 'sort', code: 'choice' });
    expect(refused.json().errors[0].message).toMatch(/^不能按「key」排序，可选：userName/);
    expect((await call('GET', '/auth/online?sort=key,asc')).json().errors[0].message).toMatch(
      /^cannot sort by "key"; use one of userName/,
    );
    const test = (await call('GET', '/auth/online?username=test'))
      .json()
      .content.map((row: { key: string }) => row.key);
    expect((await call('DELETE', '/auth/online', test)).statusCode).toBe(200);
  });

  it('includes the whole end day of a time range given as bare dates', async () => {
    const today = new Date(t.clock.now());
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const logged = (await call('GET', `/api/logs?createTime=${day}&createTime=${day}`)).json();
    expect(logged.totalElements).toBeGreaterThan(0);
    expect(logged.totalElements).toBe((await call('GET', '/api/logs')).json().totalElements);
  });

  it('counts users, online users, menus, dictionaries and sign-ins per day', async () => {
    await loginAs(t, 'admin', ADMIN_PASSWORD);
    const stats = (await call('GET', '/api/dashboard/stats')).json();
    expect(stats).toMatchObject({ users: 2, onlineUsers: 1, dicts: 5 });
    expect(stats.menus).toBeGreaterThan(30);
    expect(stats.signIns).toHaveLength(7);
    const today = stats.signIns[6];
    expect(today.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(today.count).toBeGreaterThanOrEqual(3);
    expect(stats.signIns.slice(0, 6).every((day: { count: number }) => day.count === 0)).toBe(true);
    // Tomorrow, today's sign-ins move one place back.
    t.clock.advance(24 * 60 * 60 * 1000);
    call = callerFor(t, await tokenOf(t));
    const later = (await call('GET', '/api/dashboard/stats')).json();
    expect(later.signIns[5]).toEqual(today);
  });

  it('clears a log', async () => {
    expect((await call('DELETE', '/api/logs/del/error')).statusCode).toBe(200);
    expect((await call('GET', '/api/logs/error')).json().totalElements).toBe(0);
  });
});

describe('operation and error log: filters and exports', () => {
  const ctx = useTestApp();

  it('filters by part of the user name', async () => {
    await ctx.admin('POST', '/api/dict', { name: 'by_admin' });
    await ctx.user('DELETE', '/api/dict', [1]);
    const byAdm = (await ctx.admin('GET', '/api/logs?username=dmi')).json().content;
    expect(byAdm.length).toBeGreaterThan(0);
    expect(byAdm.every((row: { username: string }) => row.username === 'admin')).toBe(true);
    const errors = (await ctx.admin('GET', '/api/logs/error?username=tes')).json().content;
    expect(errors.map((row: { username: string }) => row.username)).toEqual(['test']);
    expect((await ctx.admin('GET', '/api/logs?username=%25')).json().totalElements).toBe(0);
  });

  it('exports each log with its filters as xlsx, the error log with what went wrong', async () => {
    const info = await ctx.admin('GET', '/api/logs/download?blurry=dictionary');
    expect(info.statusCode).toBe(200);
    expect(info.headers['content-disposition']).toMatch(/filename="?\d{13}-operation-log\.xlsx"?$/);
    const infoRows = await sheetRows(info.rawPayload);
    expect(infoRows[0]).toContain('Parameters');
    expect(infoRows[0]).not.toContain('What went wrong');
    expect(infoRows.slice(1).map((row) => row[3])).toEqual(['Create a dictionary']);

    const error = await ctx.admin('GET', '/api/logs/error/download?username=test');
    expect(error.headers['content-disposition']).toMatch(/filename="?\d{13}-error-log\.xlsx"?$/);
    const errorRows = await sheetRows(error.rawPayload);
    const column = errorRows[0]!.indexOf('What went wrong');
    expect(errorRows[1]![column]).toMatch(/^You do not have permission to do this/);
    expect((await ctx.user('GET', '/api/logs/download')).statusCode).toBe(403);
  });

  it('exports the page’s columns and the file’s own in the console’s language, with the places’ labels', async () => {
    await ctx.admin('POST', '/api/dict', { name: 'logged_in_two_languages' });
    const url = '/api/logs/download?blurry=dictionary&username=admin';
    const titles = ['User', 'IP', 'Location', 'Description', 'Request', 'Parameters', 'Browser', 'Duration (ms)'];
    const english = await listExportIn(ctx.admin, url, 'en-US,en;q=0.9');
    expect(english.titles).toEqual([...titles, 'Time']);
    const created = english.rows.find((row) => row.Parameters?.includes('logged_in_two_languages'));
    expect(created).toMatchObject({ User: 'admin', Location: 'Local network', Request: 'POST /api/dict' });
    expect(created?.['Duration (ms)']).toMatch(/^\d+$/);
    const chinese = await listExportIn(ctx.admin, url, 'zh-CN,zh;q=0.9');
    expect(chinese.titles).toEqual([
      '用户',
      'IP',
      '地点',
      '描述',
      '请求',
      '请求参数',
      '浏览器',
      '耗时（毫秒）',
      '时间',
    ]);
    expect(chinese.rows.find((row) => row.请求参数?.includes('logged_in_two_languages'))).toMatchObject({
      用户: 'admin',
      地点: '局域网',
    });
    const errors = await listExportIn(ctx.admin, '/api/logs/error/download?username=test', 'zh-CN');
    expect(errors.titles).toEqual([
      '用户',
      'IP',
      '地点',
      '描述',
      '请求',
      '请求参数',
      '浏览器',
      '耗时（毫秒）',
      '异常信息',
      '时间',
    ]);
    expect((await listExportIn(ctx.admin, '/api/logs/error/download', 'en')).titles).toEqual([
      ...titles,
      'What went wrong',
      'Time',
    ]);
  });

  it('lets only administrators clear a log', async () => {
    expect((await ctx.user('DELETE', '/api/logs/del/info')).statusCode).toBe(403);
    expect((await ctx.admin('GET', '/api/logs')).json().totalElements).toBeGreaterThan(0);
    expect((await ctx.admin('DELETE', '/api/logs/del/info')).statusCode).toBe(200);
    // Only the clearing itself is left.
    const left = (await ctx.admin('GET', '/api/logs')).json().content;
    expect(left.map((row: { method: string }) => row.method)).toEqual(['DELETE /api/logs/del/info']);
  });
});
