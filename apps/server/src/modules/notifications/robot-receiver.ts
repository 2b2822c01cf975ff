import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message a robot received. */
export interface Received {
  robot: 'wecom' | 'dingtalk' | 'feishu' | 'webhook' | 'broken';
  body: Record<string, unknown>;
  /** The text it shows in the group. */
  text: string;
}

const base64Hmac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64');

/**
 * A local stand-in for the chat robots and a webhook receiver (tests never reach the internet):
 * each checks the request as its service does (WeCom its key, DingTalk its `加签` signature,
 * Feishu its body signature, our webhook its HMAC header) and answers as that service does.
 */
export async function startRobotReceiver(keys: { key: string; secret: string }) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const answer = (status: number, json: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      const take = (robot: Received['robot'], text: string) => received.push({ robot, body, text });
      switch (url.pathname) {
        case '/cgi-bin/webhook/send': {
          if (url.searchParams.get('key') !== keys.key)
            return answer(200, { errcode: 93000, errmsg: 'invalid webhook url' });
          const markdown = body.markdown as { content: string };
          take('wecom', markdown.content);
          return answer(200, { errcode: 0, errmsg: 'ok' });
        }
        case '/robot/send': {
          const timestamp = url.searchParams.get('timestamp') ?? '';
          const sign = url.searchParams.get('sign');
          if (url.searchParams.get('access_token') !== keys.key)
            return answer(200, { errcode: 300001, errmsg: 'token is not exist' });
          if (sign !== base64Hmac(keys.secret, `${timestamp}\n${keys.secret}`)) {
            return answer(200, { errcode: 310000, errmsg: 'sign not match' });
          }
          const markdown = body.markdown as { title: string; text: string };
          take('dingtalk', markdown.text);
          return answer(200, { errcode: 0, errmsg: 'ok' });
        }
        case `/open-apis/bot/v2/hook/${keys.key}`: {
          if (body.sign !== base64Hmac(`${String(body.timestamp)}\n${keys.secret}`, '')) {
            return answer(200, {
              code: 19021,
              msg: 'sign match fail or timestamp is not within one hour from current time',
              data: {},
            });
          }
          take('feishu', (body.content as { text: string }).text);
          return answer(200, { code: 0, msg: 'success', data: {} });
        }
        case '/hooks/water': {
          const timestamp = String(request.headers['x-water-timestamp']);
          const expected = createHmac('sha256', keys.secret).update(`${timestamp}.${raw}`).digest('hex');
          if (request.headers['x-water-signature'] !== `sha256=${expected}`)
            return answer(401, { error: 'bad signature' });
          take('webhook', [body.subject, ...(body.lines as string[])].join('\n'));
          return answer(200, { received: true });
        }
        case '/broken':
          take('broken', '');
          return answer(500, { error: 'down' });
        default:
          return answer(404, {});
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    urls: {
      wecom: `${origin}/cgi-bin/webhook/send?key=${keys.key}`,
      dingtalk: `${origin}/robot/send?access_token=${keys.key}`,
      feishu: `${origin}/open-apis/bot/v2/hook/${keys.key}`,
      webhook: `${origin}/hooks/water`,
      broken: `${origin}/broken`,
    },
    of: (robot: Received['robot']) => received.filter((message) => message.robot === robot),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
