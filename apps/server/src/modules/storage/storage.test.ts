import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF, PDF, png, uploadAs, zip } from '../../../test/file-fixtures.ts';
import { type LocalS3, startLocalS3 } from '../../../test/object-storage.ts';
import {
  callerFor,
  createTestApp,
  DEFAULT_USER_PASSWORD,
  refusedField,
  type TestApp,
  tokenOf,
} from '../../../test/test-app.ts';

describe('storage', () => {
  let t: TestApp;
  let token: string;
  const upload = (url: string, filename: string, content: Buffer, authorization = token) =>
    uploadAs(t, authorization, url, filename, content);

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_MB: '1' });
    token = await tokenOf(t);
  });
  afterAll(() => t.close());

  it('stores an image under a new name and serves it inline', async () => {
    const response = await upload('/api/pictures', 'logo.png', png());
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({
      name: 'logo.png',
      suffix: 'png',
      type: 'image',
      size: png().length,
      createBy: 'admin',
    });
    expect(file.realName).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(file.url).toBe(`/files/${file.realName}`);
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png())).toBe(true);
  });

  it('stores a text file, served only as a download under its display name', async () => {
    const response = await upload('/api/file/upload', '../../etc/passwd.csv', Buffer.from('a,b\n1,2\n'));
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({ name: 'passwd.csv', type: 'text' });
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseDisposition(served.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: 'passwd.csv' },
    });
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it.each([
    [
      'page.html',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'file: "page.html" is refused: .html files are not accepted, whatever they contain',
    ],
    [
      'drawing.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'file: "drawing.svg" is refused: .svg files are not accepted, whatever they contain',
    ],
    ['cat.html', GIF, 'file: "cat.html" is refused: .html files are not accepted, whatever they contain'],
    ['logo.SVG', png(), 'file: "logo.SVG" is refused: .svg files are not accepted, whatever they contain'],
    ['x.png.html', png(), 'file: "x.png.html" is refused: .html files are not accepted, whatever they contain'],
    [
      'page.xhtml',
      Buffer.from('<p>hi</p>'),
      'file: "page.xhtml" is refused: .xhtml files are not accepted, whatever they contain',
    ],
    [
      'app.mjs',
      Buffer.from('export {}'),
      'file: "app.mjs" is refused: .mjs files are not accepted, whatever they contain',
    ],
    [`${'long'.repeat(60)}.html`, GIF, /^file: "(long){20}…[a-z]+\.html" is refused: \.html files are not accepted/],
    ['cat.png', GIF, 'file: "cat.png" is refused: its content is a .gif file, not the .png its name says'],
    ['report.pdf', png(), 'file: "report.pdf" is refused: its content is a .png file, not the .pdf its name says'],
    ['fake.png', Buffer.from('MZ this is an executable'), /not accepted/],
    ['notes.txt', Buffer.from([0x00, 0x01, 0x02]), /not accepted/],
  ])('refuses %s', async (filename, content, message) => {
    const before = (await callerFor(t, token)('GET', '/api/file')).json().totalElements;
    const response = await upload('/api/file/upload', filename, content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(response.json().message).toMatch(message);
    expect((await callerFor(t, token)('GET', '/api/file')).json().totalElements).toBe(before);
  });

  it('refuses a non-image as a picture, and a file over the size limit with 413', async () => {
    expect((await upload('/api/pictures', 'a.txt', Buffer.from('hello'))).json().message).toBe(
      'file: only images are accepted here',
    );
    const big = await upload('/api/file/upload', 'big.txt', Buffer.alloc(1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 413, message: 'The upload is too large' });
  });

  it('lists, renames and deletes files; pictures lists only images', async () => {
    const call = callerFor(t, token);
    const files = (await call('GET', '/api/file?page=0&size=10&sort=id,desc')).json();
    expect(files.totalElements).toBe(2);
    const pictures = (await call('GET', '/api/pictures')).json();
    expect(pictures.content.map((f: { type: string }) => f.type)).toEqual(['image']);
    const [csv] = files.content;
    expect((await call('PUT', '/api/file', { id: csv.id, name: 'report.csv' })).statusCode).toBe(204);
    expect((await call('GET', '/api/file?blurry=report')).json().content[0].name).toBe('report.csv');
    expect((await call('DELETE', '/api/file', [csv.id])).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: csv.url })).statusCode).toBe(404);
  });

  it('answers a repeated download with 304 and a range with 206', async () => {
    const file = (await upload('/api/pictures', 'again.png', png())).json();
    const first = await t.app.inject({ method: 'GET', url: file.url });
    expect(first.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const part = await t.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(png().subarray(0, 4))).toBe(true);
  });

  it('stores a file under the extension of what it is: a .jpeg as .jpg, a blob by its content', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const photo = (await upload('/api/file/upload', 'Photo.JPEG', jpeg)).json();
    expect(photo).toMatchObject({ name: 'Photo.JPEG', suffix: 'jpg', type: 'image' });
    expect(photo.realName).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const blob = (await upload('/api/file/upload', 'blob', GIF)).json();
    expect(blob.realName).toMatch(/^[0-9a-f]{32}\.gif$/);
    const served = await t.app.inject({ method: 'GET', url: blob.url });
    expect(served.headers['content-type']).toBe('image/gif');
  });

  it('takes an Office name for zip content, and stores it as the zip it is', async () => {
    const file = (await upload('/api/file/upload', 'minutes.docx', zip('notes.txt', Buffer.from('hello')))).json();
    expect(file).toMatchObject({ name: 'minutes.docx', suffix: 'zip', type: 'archive' });
    expect(file.realName).toMatch(/^[0-9a-f]{32}\.zip$/);
  });

  it('serves anything but an image as a download, never sniffed', async () => {
    const file = (await upload('/api/file/upload', 'report.pdf', PDF)).json();
    expect(file).toMatchObject({ suffix: 'pdf', type: 'document' });
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(parseDisposition(served.headers['content-disposition'] as string)).toEqual({
      type: 'attachment',
      parameters: { filename: 'report.pdf' },
    });
  });

  it('never serves anything but stored names', async () => {
    for (const url of [
      '/files/..%2F..%2Fjwt-secret',
      '/files/jwt-secret',
      '/files/0123456789abcdef0123456789abcdef.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('lets only holders of storage:add upload', async () => {
    const user = await tokenOf(t, 'test', DEFAULT_USER_PASSWORD);
    expect((await upload('/api/file/upload', 'a.txt', Buffer.from('x'), user)).statusCode).toBe(403);
  });
});

describe('storage filters and eladmin api/localStorage', () => {
  let t: TestApp;
  let token: string;
  const upload = (url: string, filename: string, content: Buffer) => uploadAs(t, token, url, filename, content);
  const names = (response: { json: () => { content: { name: string }[] } }) =>
    response.json().content.map((file) => file.name);

  beforeAll(async () => {
    t = await createTestApp();
    token = await tokenOf(t);
    await upload('/api/file/upload', 'photo.png', png());
    await upload('/api/file/upload', 'notes.txt', Buffer.from('hello'));
    await upload('/api/file/upload', 'report.pdf', PDF);
  });
  afterAll(() => t.close());

  it('filters the list by category, name and upload day', async () => {
    const call = callerFor(t, token);
    expect(names(await call('GET', '/api/file?type=image'))).toEqual(['photo.png']);
    expect(names(await call('GET', '/api/file?type=document'))).toEqual(['report.pdf']);
    expect(names(await call('GET', '/api/file?type=text&blurry=NOTE'))).toEqual(['notes.txt']);
    expect(names(await call('GET', '/api/file?type=archive'))).toEqual([]);
    expect(names(await call('GET', '/api/pictures?type=document'))).toEqual([]);
    expect(names(await call('GET', '/api/file?createTime=2000-01-01&createTime=2000-01-02'))).toEqual([]);
    expect((await call('GET', '/api/file?type=video')).json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses a rename to an empty name or one with folders, naming the field', async () => {
    const call = callerFor(t, token);
    const [file] = (await call('GET', '/api/file?type=text')).json().content;
    for (const name of ['  ', '../x.txt']) {
      expect((await call('PUT', '/api/file', { id: file.id, name })).json()).toEqual(
        refusedField('name: must be a file name, without folders'),
      );
    }
    expect(names(await call('GET', '/api/file?type=text'))).toEqual(['notes.txt']);
  });

  it('lists files as eladmin-web asks for them, in its shape', async () => {
    const call = callerFor(t, token);
    const response = await call('GET', '/api/localStorage?page=0&size=10&sort=id,desc&blurry=photo');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toEqual({
      id: expect.any(Number),
      realName: expect.stringMatching(/^[0-9a-f]{32}\.png$/),
      name: 'photo.png',
      suffix: 'png',
      path: `/files/${page.content[0].realName}`,
      type: '图片',
      size: `${png().length}B`,
      createBy: 'admin',
      updateBy: 'admin',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    // eladmin-web's link to a file: /file/<type>/<realName>
    const link = await t.app.inject({
      method: 'GET',
      url: `/file/${encodeURIComponent('图片')}/${page.content[0].realName}`,
    });
    expect(link.statusCode).toBe(200);
    expect(link.rawPayload.equals(png())).toBe(true);
  });

  it('uploads with ?name=, renames with the whole row and deletes as eladmin-web does', async () => {
    const call = callerFor(t, token);
    const uploaded = await upload('/api/localStorage?name=Minutes', 'minutes-2026.txt', Buffer.from('a'.repeat(2000)));
    expect(uploaded.statusCode).toBe(201);
    const [row] = (await call('GET', '/api/localStorage?page=0&size=10&sort=id,desc')).json().content;
    expect(row).toMatchObject({ name: 'Minutes.txt', suffix: 'txt', type: '文档', size: '1.95KB' });
    const noName = await upload('/api/localStorage?name=', 'plain.txt', Buffer.from('x'));
    expect(noName.statusCode).toBe(201);
    expect(names(await call('GET', '/api/file?blurry=plain'))).toEqual(['plain.txt']);

    // eladmin-web's edit form sends the whole row back, with the name changed.
    const renamed = await call('PUT', '/api/localStorage', { ...row, name: 'Board minutes.txt' });
    expect(renamed.statusCode).toBe(204);
    expect(names(await call('GET', '/api/file?blurry=board'))).toEqual(['Board minutes.txt']);

    const removed = await call('DELETE', '/api/localStorage/', [row.id]);
    expect(removed.statusCode).toBe(200);
    expect(names(await call('GET', '/api/file?blurry=board'))).toEqual([]);
    expect((await call('DELETE', '/api/localStorage/', [row.id])).statusCode).toBe(404);
  });

  it("takes an image from eladmin-web's editors, answering the record its link is made from", async () => {
    const response = await upload('/api/localStorage/pictures', 'diagram.png', png());
    expect(response.statusCode).toBe(200);
    const picture = response.json();
    expect(picture).toMatchObject({ name: 'diagram.png', type: '图片', suffix: 'png' });
    const link = await t.app.inject({ method: 'GET', url: encodeURI(`/file/${picture.type}/${picture.realName}`) });
    expect(link.statusCode).toBe(200);
    expect(link.headers['content-type']).toBe('image/png');
    const text = await upload('/api/localStorage/pictures', 'notes.txt', Buffer.from('x'));
    expect(text.json()).toEqual(refusedField('file: only images are accepted here'));
  });

  it("serves eladmin's object storage page (api/s3Storage): list, upload, download link, delete", async () => {
    const call = callerFor(t, token);
    const uploaded = await upload('/api/s3Storage', 'price-list.pdf', PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const row = uploaded.json();
    expect(row).toEqual({
      id: expect.any(Number),
      fileName: 'price-list.pdf',
      fileRealName: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/),
      fileSize: `${PDF.length}B`,
      fileMimeType: 'application/pdf',
      fileType: 'pdf',
      filePath: `/files/${row.fileRealName}`,
      createBy: 'admin',
      updateBy: 'admin',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const listed = (await call('GET', '/api/s3Storage?page=0&size=10&sort=id,desc')).json();
    expect(listed.content[0]).toEqual(row);
    const link = await call('GET', `/api/s3Storage/download/${row.id}`);
    expect(link.json()).toEqual({ id: row.id, url: row.filePath });
    const fetched = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(fetched.rawPayload.equals(PDF)).toBe(true);
    expect((await call('DELETE', '/api/s3Storage', [row.id])).statusCode).toBe(200);
    expect((await call('GET', `/api/s3Storage/download/${row.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: row.filePath })).statusCode).toBe(404);
  });

  it("serves eladmin's cloud storage page (api/qiNiuContent) over the same files", async () => {
    const call = callerFor(t, token);
    const uploaded = await upload('/api/qiNiuContent', 'poster.gif', GIF);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const row = uploaded.json();
    expect(row).toEqual({
      id: expect.any(Number),
      bucket: 'local',
      name: 'poster.gif',
      size: `${GIF.length}B`,
      type: '私有',
      suffix: 'gif',
      url: expect.stringMatching(/^\/files\/[0-9a-f]{32}\.gif$/),
      updateTime: expect.any(String),
    });
    expect((await call('GET', '/api/qiNiuContent?blurry=poster')).json()).toEqual({ content: [row], totalElements: 1 });
    expect((await call('GET', `/api/qiNiuContent/download/${row.id}`)).json()).toEqual({ id: row.id, url: row.url });
    expect(names(await call('GET', '/api/file?blurry=poster'))).toEqual(['poster.gif']);
    expect((await call('DELETE', `/api/qiNiuContent/${row.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/qiNiuContent?blurry=poster')).json().totalElements).toBe(0);
    const text = await upload('/api/qiNiuContent', 'page.html', Buffer.from('<html><script>alert(1)</script>'));
    expect(text.statusCode).toBe(400);
  });

  it('keeps api/localStorage to holders of the storage permissions', async () => {
    const user = callerFor(t, await tokenOf(t, 'test', DEFAULT_USER_PASSWORD));
    expect((await user('PUT', '/api/localStorage', { id: 1, name: 'x.txt' })).statusCode).toBe(403);
    expect((await user('DELETE', '/api/localStorage', [1])).statusCode).toBe(403);
  });
});

describe('uploads with STORAGE_URL set', () => {
  let t: TestApp;
  let token: string;
  let dataDir: string;
  let s3: LocalS3;

  beforeAll(async () => {
    s3 = await startLocalS3();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-s3-app-'));
    t = await createTestApp({ STORAGE_URL: s3.url, DATA_DIR: dataDir });
    token = await tokenOf(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = (url: string, field: string, filename: string, content: Buffer) =>
    uploadAs(t, token, url, filename, content, field);

  it('keeps files and avatars in the bucket, serves and deletes them there, and writes nothing under DATA_DIR', async () => {
    const call = callerFor(t, token);
    const uploaded = await send('/api/file/upload', 'file', 'chart.png', png());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id, url } = uploaded.json();
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png())).toBe(true);

    const avatar = await send('/api/users/updateAvatar', 'avatar', 'me.gif', GIF);
    expect(avatar.statusCode, avatar.body).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/avatar/${avatar.json().avatar}` });
    expect(shown.rawPayload.equals(GIF)).toBe(true);

    expect((await call('DELETE', '/api/file', [id])).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await readdir(dataDir)).not.toContain('files');
    expect(await readdir(dataDir)).not.toContain('avatar');
  });
});
