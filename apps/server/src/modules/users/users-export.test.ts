import { parse as parseDisposition } from 'content-disposition';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { listExportIn } from '../../../test/list-export.ts';
import { type Caller as Call, useTestApp } from '../../../test/test-app.ts';

describe('users export', () => {
  const ctx = useTestApp();
  const call: Call = (...args) => ctx.admin(...args);
  const asTest: Call = (...args) => ctx.user(...args);

  it('exports the users of the data scope as an xlsx file named <timestamp>-users.xlsx', async () => {
    const response = await asTest('GET', '/api/users/download');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(parseDisposition(response.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: expect.stringMatching(/^\d{13}-users\.xlsx$/) },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Username');
    const names: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) names.push(String(row.getCell(1).value));
    });
    expect(names).toContain('test');
    expect(names).not.toContain('admin');
  });

  it('exports the page’s columns and the file’s own in the console’s language, with the codes’ labels', async () => {
    const english = await listExportIn(call, '/api/users/download?sort=id,asc', 'en-US,en;q=0.9');
    expect(english.titles).toEqual([
      'Username',
      'Nickname',
      'Gender',
      'Phone',
      'E-mail',
      'Department',
      'Jobs',
      'Roles',
      'Status',
      'Password changed',
      'Created',
    ]);
    expect(english.rows.find((row) => row.Username === 'admin')).toMatchObject({
      Gender: 'Male',
      Department: 'R&D',
      Jobs: 'Engineer',
      Roles: 'Administrator',
      Status: 'Active',
    });
    const chinese = await listExportIn(call, '/api/users/download?sort=id,asc', 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(chinese.titles).toEqual([
      '用户名',
      '昵称',
      '性别',
      '电话',
      '邮箱',
      '部门',
      '岗位',
      '角色',
      '状态',
      '密码修改时间',
      '创建时间',
    ]);
    expect(chinese.rows.find((row) => row.用户名 === 'admin')).toMatchObject({ 性别: '男', 部门: 'R&D', 状态: '激活' });
  });
});
