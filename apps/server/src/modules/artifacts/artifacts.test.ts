import { createHash } from 'node:crypto';
import { parse as parseDisposition } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { PDF, uploadAs, zip } from '../../../test/file-fixtures.ts';
import { callerFor, refusedField, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { deptId, userBody } from '../users/test-fixtures.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('operations artifacts: deployment packages and database scripts', () => {
  const ctx = useTestApp();
  const upload = (url: string, filename: string, content: Buffer, authorization = ctx.adminToken) =>
    uploadAs(ctx.t, authorization, url, filename, content);

  it('keeps each upload of a name as its next version, with its checksum, uploader and notes', async () => {
    const call = ctx.admin;
    const first = zip('app.js', Buffer.from('console.log(1)'));
    const second = zip('app.js', Buffer.from('console.log(2)'));
    const one = await upload('/api/deploy/upload?notes=First%20cut', 'console-web.zip', first);
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toEqual({
      id: expect.any(Number),
      kind: 'deploy',
      name: 'console-web.zip',
      version: 1,
      size: first.length,
      sha256: sha256(first),
      notes: 'First cut',
      url: `/api/artifacts/${one.json().id}/file`,
      createBy: 'admin',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const two = await upload('/api/deploy/upload', 'console-web.zip', second);
    expect(two.json()).toMatchObject({ version: 2, sha256: sha256(second), notes: null });

    const listed = (await call('GET', '/api/artifacts?kind=deploy&blurry=console-web')).json();
    expect(listed.content.map((a: { version: number }) => a.version)).toEqual([2, 1]);
    expect((await call('GET', '/api/artifacts?blurry=first%20cut')).json().content).toEqual([one.json()]);

    const file = await call('GET', two.json().url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(second)).toBe(true);
    expect(parseDisposition(file.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: 'console-web-v2.zip' },
    });
  });

  it('keeps an SQL script without ever running it', async () => {
    const call = ctx.admin;
    const script = Buffer.from('DROP TABLE sys_user;\nDELETE FROM sys_menu;\n');
    const kept = await upload('/api/database/upload', 'cleanup.sql', script);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ kind: 'database', name: 'cleanup.sql', version: 1, sha256: sha256(script) });
    // The users and menus are all still there.
    expect((await call('GET', '/api/users?page=0&size=1')).json().totalElements).toBeGreaterThan(0);
    expect((await call('GET', '/api/menus/build')).json().length).toBeGreaterThan(0);
    expect((await call('GET', kept.json().url)).body).toBe(script.toString());
  });

  it('refuses what is not a package or a script, naming the field, and keeps nothing', async () => {
    const call = ctx.admin;
    const before = (await call('GET', '/api/artifacts')).json().totalElements;
    for (const [url, name, content, rule] of [
      [
        '/api/deploy/upload',
        'site.zip',
        Buffer.from('<html><script>alert(1)</script></html>'),
        'file: upload a zip, jar, tar, gz, 7z or rar package',
      ],
      ['/api/deploy/upload', 'manual.zip', PDF, 'file: upload a zip, jar, tar, gz, 7z or rar package'],
      [
        '/api/database/upload',
        'dump.sql',
        zip('dump.sql', Buffer.from('SELECT 1')),
        'file: upload a plain-text .sql script',
      ],
      ['/api/database/upload', 'notes.txt', Buffer.from('SELECT 1'), 'file: upload a plain-text .sql script'],
    ] as const) {
      expect((await upload(url, name, content)).json()).toEqual(refusedField(rule));
    }
    expect((await upload('/api/database/upload', 'empty.sql', Buffer.alloc(0))).json()).toEqual(
      refusedField('file: is empty'),
    );
    expect((await call('GET', '/api/artifacts')).json().totalElements).toBe(before);
  });

  it('shows and serves each kind only to holders of its permission', async () => {
    const call = ctx.admin;
    // The seeded button carrying database:list, alone on a role given to a new user.
    const [buttonRow] = (await call('GET', '/api/menus?blurry=Database%20scripts&page=0&size=10')).json().content;
    expect(buttonRow.permission).toBe('database:list');
    const role = await call('POST', '/api/roles', {
      name: 'Script reader',
      level: 3,
      dataScope: '本级',
      menus: [{ id: buttonRow.id }],
    });
    expect(role.statusCode, role.body).toBe(201);
    const [roleRow] = (await call('GET', '/api/roles?blurry=Script%20reader')).json().content;
    const body = userBody(await deptId(ctx.t, 'Sales'), roleRow.id, { password: 'Reader-pass-1' });
    expect((await call('POST', '/api/users', body)).statusCode).toBe(201);
    const readerToken = await tokenOf(ctx.t, body.username, 'Reader-pass-1');
    const reader = callerFor(ctx.t, readerToken);

    const kinds = (await reader('GET', '/api/artifacts?page=0&size=100'))
      .json()
      .content.map((a: { kind: string }) => a.kind);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['database']));
    expect((await reader('GET', '/api/artifacts?kind=deploy')).json()).toEqual({ content: [], totalElements: 0 });
    const [deployed] = (await call('GET', '/api/artifacts?kind=deploy')).json().content;
    expect((await reader('GET', deployed.url)).statusCode).toBe(403);
    expect((await upload('/api/database/upload', 'x.sql', Buffer.from('SELECT 1'), readerToken)).statusCode).toBe(403);
    expect((await ctx.user('GET', '/api/artifacts')).statusCode).toBe(403);
  });
});
