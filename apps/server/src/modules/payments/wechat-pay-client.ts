import { randomBytes } from 'node:crypto';
import { parseObject } from './channel-values.ts';
import { ChannelCallError } from './payment-driver.ts';
import { WECHAT_SIGNATURE_WINDOW_SECONDS, type WechatPaySetup } from './wechat-pay-config.ts';
import { isWechatSignatureValid, wechatAuthorization } from './wechat-pay-signing.ts';

/** A verified answer of WeChat Pay: its status and its JSON (an error's `{code, message}` included). */
export interface WechatAnswer {
  status: number;
  json: Record<string, unknown>;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** Why a set of signed headers cannot be trusted, or undefined when it can. */
export function wechatSignatureProblem(
  setup: WechatPaySetup,
  signed: { serial?: string; timestamp?: string; nonce?: string; signature?: string; body: string },
): 'BAD_SIGNATURE' | 'UNKNOWN_KEY' | 'STALE' | undefined {
  const { serial, timestamp, nonce, signature, body } = signed;
  if (!serial || !timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp)) return 'BAD_SIGNATURE';
  if (serial !== setup.platformKeyId) return 'UNKNOWN_KEY';
  const age = setup.now().getTime() / 1000 - Number(timestamp);
  if (Math.abs(age) > WECHAT_SIGNATURE_WINDOW_SECONDS) return 'STALE';
  return isWechatSignatureValid(setup.platformKey, { timestamp, nonce, body, signature }) ? undefined : 'BAD_SIGNATURE';
}

/**
 * Calls WeChat Pay with a signed request and returns its answer once its signature is verified.
 * An error answer without a signature (WeChat leaves some unsigned) cannot be told from a
 * forgery: it is thrown as a channel error with its code, never returned as a fact.
 */
export async function callWechatPay(
  setup: WechatPaySetup,
  method: 'GET' | 'POST',
  pathWithQuery: string,
  payload?: object,
): Promise<WechatAnswer> {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const authorization = wechatAuthorization(
    { mchId: setup.mchId, serialNo: setup.merchantSerialNo, privateKey: setup.merchantKey },
    {
      method,
      pathWithQuery,
      body,
      timestamp: Math.floor(setup.now().getTime() / 1000),
      nonce: randomBytes(16).toString('hex'),
    },
  );
  let response: Response;
  let text: string;
  try {
    response = await setup.fetch(`${setup.baseUrl}${pathWithQuery}`, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        'user-agent': 'water-console',
      },
      body: payload === undefined ? undefined : body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    throw new ChannelCallError('WECHAT', 'UNREACHABLE', (error as Error).message);
  }
  const json = parseObject(text);
  const code = typeof json?.code === 'string' ? json.code : undefined;
  const header = (name: string) => response.headers.get(name) ?? undefined;
  const signature = header('wechatpay-signature');
  if (!signature && response.status >= 400) {
    throw new ChannelCallError('WECHAT', 'CHANNEL_ERROR', String(json?.message ?? text), code, response.status);
  }
  const problem = wechatSignatureProblem(setup, {
    serial: header('wechatpay-serial'),
    timestamp: header('wechatpay-timestamp'),
    nonce: header('wechatpay-nonce'),
    signature,
    body: text,
  });
  if (problem)
    throw new ChannelCallError('WECHAT', 'BAD_SIGNATURE', `answer refused (${problem})`, code, response.status);
  if (!json)
    throw new ChannelCallError('WECHAT', 'BAD_ANSWER', 'the answer is not a JSON object', undefined, response.status);
  return { status: response.status, json };
}

/** Throws the channel's error of an answer that is one, keeping its code. */
export function expectWechatSuccess(answer: WechatAnswer): Record<string, unknown> {
  if (answer.status < 300) return answer.json;
  const { code, message } = answer.json;
  throw new ChannelCallError('WECHAT', 'CHANNEL_ERROR', String(message ?? ''), String(code ?? ''), answer.status);
}
