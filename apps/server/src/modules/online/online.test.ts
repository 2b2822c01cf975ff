import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import { callerFor, DEFAULT_USER_PASSWORD, loginAs, tokenOf, useTestApp } from '../../../test/test-app.ts';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function sheetRows(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
}

describe('online users', () => {
  const ctx = useTestApp();

  it('gives each session its uid, the key it is kicked out by, and when it was last active', async () => {
    const before = (await ctx.admin('GET', '/auth/online?username=test')).json().content;
    const token = await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD);
    const after = (await ctx.admin('GET', '/auth/online?username=test')).json().content;
    const row = after.find(
      (session: { uid: string }) => !before.some((old: { uid: string }) => old.uid === session.uid),
    );
    expect(row.uid).toBe(row.key);
    expect(row.lastSeen).toBe(row.loginTime);

    // A request two minutes later is the session's last activity; one a few seconds after it is not written again.
    ctx.t.clock.advance(2 * 60_000);
    expect((await callerFor(ctx.t, token)('GET', '/auth/info')).statusCode).toBe(200);
    const later = (await ctx.admin('GET', '/auth/online?username=test')).json().content;
    const seen = later.find((session: { uid: string }) => session.uid === row.uid).lastSeen;
    expect(Date.parse(seen.replace(' ', 'T')) - Date.parse(row.loginTime.replace(' ', 'T'))).toBe(2 * 60_000);
    // Seconds later, no second write: the minute is what is shown.
    ctx.t.clock.advance(10_000);
    await callerFor(ctx.t, token)('GET', '/auth/info');
    const again = (await ctx.admin('GET', '/auth/online?username=test')).json().content;
    expect(again.find((session: { uid: string }) => session.uid === row.uid).lastSeen).toBe(seen);
    await ctx.admin('DELETE', '/auth/online', [row.key]);
  });

  it('names the browser and system of a session as a person would', async () => {
    const signedIn = await loginAs(ctx.t, 'test', DEFAULT_USER_PASSWORD, {
      headers: { 'user-agent': CHROME_ON_WINDOWS },
    });
    expect(signedIn.statusCode).toBe(200);
    const rows = (await ctx.admin('GET', '/auth/online?username=test')).json().content;
    expect(rows.map((row: { browser: string }) => row.browser)).toContain('Chrome 131 (Windows 10)');
  });

  it('exports the sessions the list shows as <timestamp>-online-users.xlsx', async () => {
    await tokenOf(ctx.t, 'test', DEFAULT_USER_PASSWORD);
    const response = await ctx.admin('GET', '/auth/online/download?username=tes');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="?\d{13}-online-users\.xlsx"?$/);
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual([
      'Username',
      'Nickname',
      'Department',
      'IP',
      'Location',
      'Browser and system',
      'Signed in',
      'Last activity',
    ]);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((row) => row[0] === 'test')).toBe(true);
  });

  it('exports the page’s columns in the console’s language, with the places’ labels', async () => {
    await loginAs(ctx.t, 'test', DEFAULT_USER_PASSWORD, { headers: { 'user-agent': CHROME_ON_WINDOWS } });
    const english = await listExportIn(ctx.admin, '/auth/online/download?username=test', 'en-US,en;q=0.9');
    expect(english.rows).toContainEqual(
      expect.objectContaining({
        Username: 'test',
        Location: 'Local network',
        'Browser and system': 'Chrome 131 (Windows 10)',
      }),
    );
    const chinese = await listExportIn(ctx.admin, '/auth/online/download?username=test', 'zh-CN,zh;q=0.9');
    expect(chinese.titles).toEqual([
      '用户名',
      '昵称',
      '部门',
      'IP',
      '登录地点',
      '浏览器与系统',
      '登录时间',
      '最后活动',
    ]);
    expect(chinese.rows).toContainEqual(expect.objectContaining({ 用户名: 'test', 登录地点: '局域网' }));
  });

  it('lets only those allowed to list online users export them', async () => {
    const response = await ctx.user('GET', '/auth/online/download');
    expect(response.statusCode).toBe(403);
  });
});
