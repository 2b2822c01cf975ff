import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp, tokenOf } from './test-app.ts';

/** What every answer must carry, whatever it is. */
function expectSecurityHeaders(what: string, headers: IncomingHttpHeaders | OutgoingHttpHeaders, https: boolean) {
  const csp = headers['content-security-policy'];
  expect(csp, what).toEqual(expect.stringContaining("frame-ancestors 'none'"));
  expect(csp, what).not.toMatch(/upgrade-insecure-requests|https:|\bhttp:/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  if (https) expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  else expect(headers['strict-transport-security'], what).toBeUndefined();
}

const multipart = (filename: string, content: string) => {
  const boundary = '----water-headers-boundary';
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe.each<{ name: string; env: Record<string, string> }>([
  { name: 'without TRUST_PROXY', env: {} },
  { name: 'with TRUST_PROXY=1', env: { TRUST_PROXY: '1' } },
])('security headers of every kind of answer, $name', ({ env }) => {
  const trusted = 'TRUST_PROXY' in env;
  let t: TestApp;
  let webDir: string;
  let token: string;
  let fileUrl: string;
  let address: string;

  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'water-headers-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    t = await createTestApp({ WEB_DIST: webDir, AUTH_RATE_LIMIT: '1000', ...env });
    token = await tokenOf(t);
    const { payload, headers } = multipart('notes.txt', 'hello');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload,
      headers: { ...headers, authorization: token },
    });
    expect(uploaded.statusCode).toBe(201);
    fileUrl = uploaded.json().url;
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const answers = () => [
    { what: 'the console page', url: '/', status: 200 },
    { what: 'an API JSON answer', url: '/api/dept', status: 200 },
    { what: 'an API error', url: '/api/users?page=x', status: 400 },
    { what: 'an unknown API path', url: '/api/nothing-here', status: 404 },
    { what: 'a stored file', url: fileUrl, status: 200 },
    { what: 'the API reference page', url: '/doc/', status: 200 },
    { what: 'a file of the API reference', url: '/doc/static/swagger-initializer.js', status: 200 },
  ];

  it.each([
    { proto: undefined, https: false },
    { proto: 'https', https: trusted },
    { proto: 'http', https: false },
  ])('X-Forwarded-Proto $proto: HSTS only when it is https and trusted', async ({ proto, https }) => {
    for (const { what, url, status } of answers()) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: token, ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      });
      expect(response.statusCode, what).toBe(status);
      expectSecurityHeaders(what, response.headers, https);
    }
  });

  it('sends the API reference under the console’s own policy', async () => {
    const console = await t.app.inject({ method: 'GET', url: '/' });
    const reference = await t.app.inject({ method: 'GET', url: '/doc/' });
    expect(reference.headers['content-security-policy']).toBe(console.headers['content-security-policy']);
  });

  it('sends HSTS on a request made over TLS', async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
    const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) =>
      t.app.routing(request, response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const get = (url: string, headers: Record<string, string> = {}) =>
        new Promise<IncomingHttpHeaders>((resolve, reject) => {
          https
            .get({ host: '127.0.0.1', port, path: url, headers, rejectUnauthorized: false }, (response) => {
              response.resume();
              resolve(response.headers);
            })
            .on('error', reject);
        });
      expectSecurityHeaders('the console page over TLS', await get('/'), true);
      // A trusted proxy saying http is believed; an untrusted one changes nothing.
      expectSecurityHeaders(
        'an answer over TLS',
        await get('/api/nothing-here', { 'x-forwarded-proto': 'http' }),
        !trusted,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it.each([
    { proto: undefined, https: false },
    { proto: 'https', https: trusted },
  ])('sends them on a websocket upgrade too (X-Forwarded-Proto $proto)', async ({ proto, https }) => {
    const url = `${address.replace(/^http/, 'ws')}/websocket?token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(url, { headers: proto ? { 'x-forwarded-proto': proto } : {} });
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      socket.on('upgrade', (response) => resolve(response.headers));
      socket.on('error', reject);
    });
    socket.terminate();
    expectSecurityHeaders('the websocket upgrade', headers, https);
  });
});
