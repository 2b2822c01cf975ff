import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log-redaction.ts';

describe('log redaction', () => {
  it('removes the values of secret query parameters and keeps the others', () => {
    expect(redactUrl('/websocket?token=Bearer%20eyJa.eyJb.sig')).toBe('/websocket?token=[REDACTED]');
    expect(redactUrl('/a?name=x&Access_Token=t&newPass=p&api-key=k&sig=s&code=1&page=2#code=3')).toBe(
      '/a?name=x&Access_Token=[REDACTED]&newPass=[REDACTED]&api-key=k&sig=[REDACTED]&code=[REDACTED]&page=2#code=3',
    );
    expect(redactUrl('/a?%70assword=p&blurb=x')).toBe('/a?%70assword=[REDACTED]&blurb=x');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });

  it('keeps authorization and cookie headers, secret fields and tokens in messages out of every line', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions('info', { stream: { write: (line: string) => lines.push(line) } }) as object,
    });
    const child = app.log.child({ reqId: 'r1' });
    child.info({ req: { headers: { authorization: 'Bearer header-secret', cookie: 'sid=cookie-secret' } } }, 'a');
    child.info({ headers: { authorization: 'Basic YWRtaW46cGFzcw==', 'set-cookie': 'sid=set-secret' } }, 'b');
    child.info({ body: { username: 'admin', password: 'field-secret', oldPass: 'old-secret' } }, 'c');
    child.warn('opened /websocket?token=query-secret&x=1 for Bearer eyJhbGc.eyJzdWI.c2lnbmF0dXJl');
    await app.close();
    const log = lines.join('');
    for (const secret of ['header-secret', 'cookie-secret', 'YWRtaW46cGFzcw', 'set-secret', 'field-secret']) {
      expect(log).not.toContain(secret);
    }
    for (const secret of ['old-secret', 'query-secret', 'eyJhbGc', 'c2lnbmF0dXJl']) expect(log).not.toContain(secret);
    expect(log).toContain('"username":"admin"');
    expect(log).toContain('/websocket?token=[REDACTED]&x=1');
    expect(lines).toHaveLength(4);
  });
});
