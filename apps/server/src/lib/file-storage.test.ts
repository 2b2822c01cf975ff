import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3 } from '../../test/object-storage.ts';
import { loadConfig } from '../config.ts';
import { errorsPlugin } from '../plugins/errors.ts';
import { type FileStore, openFileStores } from './file-storage.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The same promises, kept by each driver: local disk and an S3-compatible bucket on loopback. */
describe.each(['local disk', 'S3-compatible bucket'])('the file store on %s', (driver) => {
  let dataDir: string;
  let stopS3: (() => Promise<void>) | undefined;
  let files: FileStore;
  let avatars: FileStore;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-store-'));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (driver !== 'local disk') {
      const s3 = await startLocalS3();
      stopS3 = s3.stop;
      env.STORAGE_URL = s3.url;
    }
    ({ files, avatars } = await openFileStores(loadConfig(env)));
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(fastifyStatic, { root: dataDir, serve: false });
    app.get<{ Params: { store: string; name: string }; Querystring: { as?: string } }>(
      '/:store/:name',
      (request, reply) =>
        (request.params.store === 'files' ? files : avatars).send(reply, request.params.name, {
          cacheControl: 'private, max-age=60',
          missing: 'No such file',
          downloadAs: request.query.as,
        }),
    );
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await stopS3?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('keeps bytes under a new random name with the extension of their content, and sends them back', async () => {
    const name = await files.save(PNG, 'png');
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await files.save(PNG, 'png')).not.toBe(name);
    const answer = await get(`/files/${name}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(PNG)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, max-age=60',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
      'content-disposition': 'inline',
    });
    expect(answer.headers.etag).toBeTruthy();
  });

  it('answers 304 to a matching ETag and 206 to a range', async () => {
    const text = Buffer.from('0123456789');
    const name = await files.save(text, 'txt');
    const etag = (await get(`/files/${name}`)).headers.etag as string;
    expect((await get(`/files/${name}`, { 'if-none-match': etag })).statusCode).toBe(304);
    const part = await get(`/files/${name}`, { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
  });

  it('downloads under the display name it is given', async () => {
    const name = await files.save(Buffer.from('minutes'), 'txt');
    const answer = await get(`/files/${name}?as=${encodeURIComponent('会议 minutes.txt')}`);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename=".*"; filename\*=UTF-8''/);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('removes what it stored; a removed, unknown or foreign name is a 404 that touches nothing', async () => {
    const name = await files.save(PNG, 'png');
    await files.remove([name, null, undefined, '../secret']);
    const gone = await get(`/files/${name}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ status: 404, message: 'No such file' });
    for (const foreign of ['..%2Fjwt-secret', 'index.html', `${'a'.repeat(32)}.png`]) {
      expect((await get(`/files/${foreign}`)).statusCode).toBe(404);
    }
  });

  it('keeps files and avatars apart', async () => {
    const name = await avatars.save(PNG, 'png');
    expect((await get(`/avatar/${name}`)).statusCode).toBe(200);
    expect((await get(`/files/${name}`)).statusCode).toBe(404);
    await avatars.remove([name]);
    expect((await get(`/avatar/${name}`)).statusCode).toBe(404);
  });

  it('writes under DATA_DIR only on local disk', async () => {
    const entries = await readdir(dataDir);
    expect(entries.sort()).toEqual(driver === 'local disk' ? ['avatar', 'files'] : []);
  });
});
