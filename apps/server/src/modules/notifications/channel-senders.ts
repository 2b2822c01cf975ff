import { createHmac } from 'node:crypto';
import type { ChannelKind } from '@water/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer.ts';

/** A message as it goes out: its subject and its lines, already in the channel's language. */
export interface OutgoingMessage {
  subject: string;
  lines: readonly string[];
  /** The events it tells of (for the generic webhook's receivers). */
  events: readonly string[];
}

/** A channel as a sender needs it: its address and secret in the clear. */
export interface OpenChannel {
  kind: ChannelKind;
  target: string;
  secret: string | null;
}

/** Why a message did not go: said without the channel's address or secret. */
export class SendFailure extends Error {}

/** How long a robot or webhook may take to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** WeCom refuses markdown over 4096 bytes; DingTalk and Feishu take about 20 KB. */
const ROBOT_TEXT_MAX_BYTES = 4000;

const hmacBase64 = (key: string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest('base64');

function fitted(text: string): string {
  if (Buffer.byteLength(text, 'utf8') <= ROBOT_TEXT_MAX_BYTES) return text;
  let cut = text;
  while (Buffer.byteLength(`${cut}…`, 'utf8') > ROBOT_TEXT_MAX_BYTES) cut = cut.slice(0, Math.floor(cut.length * 0.9));
  return `${cut}…`;
}

/** The generic webhook's signature: hex HMAC-SHA256 of `<timestamp>.<body>` (docs/notifications.md). */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

interface Request {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  /** Reads the robot's answer: a failure's text, or nothing when it took the message. */
  refusal?: (answer: Record<string, unknown>) => string | undefined;
}

/** WeCom and DingTalk answer `{errcode, errmsg}`, 0 for taken (WeCom 45009 / DingTalk 130101: too fast). */
const errcodeRefusal = (answer: Record<string, unknown>) =>
  answer.errcode === 0 ? undefined : `errcode ${String(answer.errcode)}: ${String(answer.errmsg ?? '')}`;

/** Feishu answers `{code, msg}` (older robots `{StatusCode, StatusMessage}`), 0 for taken (19021: bad signature). */
const feishuRefusal = (answer: Record<string, unknown>) => {
  const code = answer.code ?? answer.StatusCode;
  return code === 0 ? undefined : `code ${String(code)}: ${String(answer.msg ?? answer.StatusMessage ?? '')}`;
};

function robotRequest(channel: OpenChannel, message: OutgoingMessage, now: Date): Request {
  const plain = fitted([message.subject, ...message.lines].join('\n'));
  const markdown = fitted([`**${message.subject}**`, ...message.lines.map((line) => `> ${line}`)].join('\n'));
  switch (channel.kind) {
    case 'WECOM':
      return {
        url: channel.target,
        body: { msgtype: 'markdown', markdown: { content: markdown } },
        refusal: errcodeRefusal,
      };
    case 'DINGTALK': {
      const url = new URL(channel.target);
      if (channel.secret) {
        const timestamp = String(now.getTime());
        url.searchParams.set('timestamp', timestamp);
        url.searchParams.set('sign', hmacBase64(channel.secret, `${timestamp}\n${channel.secret}`));
      }
      const text = fitted([`#### ${message.subject}`, ...message.lines.map((line) => `- ${line}`)].join('\n'));
      return {
        url: url.toString(),
        body: { msgtype: 'markdown', markdown: { title: message.subject, text } },
        refusal: errcodeRefusal,
      };
    }
    case 'FEISHU': {
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const signed = channel.secret ? { timestamp, sign: hmacBase64(`${timestamp}\n${channel.secret}`, '') } : {};
      return {
        url: channel.target,
        body: { ...signed, msg_type: 'text', content: { text: plain } },
        refusal: feishuRefusal,
      };
    }
    default: {
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const body = {
        events: message.events,
        subject: message.subject,
        lines: message.lines,
        sentAt: now.toISOString(),
      };
      const raw = JSON.stringify(body);
      const headers: Record<string, string> = { 'x-water-timestamp': timestamp };
      if (channel.secret) headers['x-water-signature'] = `sha256=${webhookSignature(channel.secret, timestamp, raw)}`;
      return { url: channel.target, body, headers };
    }
  }
}

async function post(request: Request): Promise<void> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...request.headers },
      body: JSON.stringify(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const name = (error as Error).name;
    throw new SendFailure(name === 'TimeoutError' ? 'timed out' : `could not connect (${cause ?? name})`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new SendFailure(`HTTP ${response.status}`);
  if (!request.refusal) return;
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new SendFailure('the robot’s answer is not JSON');
  }
  const refused = request.refusal(answer);
  if (refused) throw new SendFailure(refused.slice(0, 300));
}

/** Sends a message on a channel; throws a `SendFailure` (or another error) when it did not go. */
export async function sendOn(
  channel: OpenChannel,
  message: OutgoingMessage,
  { mailer, log, now }: { mailer: Mailer; log: FastifyBaseLogger; now: Date },
): Promise<void> {
  if (channel.kind === 'EMAIL') {
    await mailer.send({ to: channel.target, subject: message.subject, text: message.lines.join('\n') }, log);
    return;
  }
  await post(robotRequest(channel, message, now));
}

/** An error's text with the channel's address and secret (and the keys within) taken out. */
export function withoutSecrets(text: string, channel: OpenChannel): string {
  const hidden = [channel.target, channel.secret ?? '', ...keysIn(channel.target)].filter((part) => part.length >= 6);
  let said = text;
  for (const part of hidden) said = said.split(part).join('…');
  return said.slice(0, 500);
}

function keysIn(target: string): string[] {
  try {
    const url = new URL(target);
    return [...url.searchParams.values(), ...url.pathname.split('/'), url.toString()];
  } catch {
    return [];
  }
}
