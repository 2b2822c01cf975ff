import type { AlipaySetup } from './alipay-config.ts';
import { alipaySign, alipaySignedText, chinaTime, isAlipaySignatureValid, rawJsonMember } from './alipay-signing.ts';
import { parseObject } from './channel-values.ts';
import { ChannelCallError } from './payment-driver.ts';

const REQUEST_TIMEOUT_MS = 10_000;

/** The common parameters of a call to `method`, with their RSA2 `sign`. */
export function signedAlipayParams(
  setup: AlipaySetup,
  method: string,
  bizContent: object,
  extra: { notify_url?: string; return_url?: string } = {},
): Record<string, string> {
  const params: Record<string, string> = {
    app_id: setup.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: chinaTime(setup.now()),
    version: '1.0',
    ...Object.fromEntries(Object.entries(extra).filter(([, value]) => value)),
    biz_content: JSON.stringify(bizContent),
  };
  return { ...params, sign: alipaySign(setup.appKey, alipaySignedText(params, ['sign'])) };
}

/** The `…_response` member of a verified answer: `code` "10000" for success, else `sub_code` says why. */
export type AlipayAnswer = Record<string, unknown> & { code?: string; sub_code?: string; sub_msg?: string };

/**
 * Calls an Alipay method over HTTP and returns its answer's `…_response` member once its signature
 * over that member's raw text is verified. Alipay leaves some refusals of the request itself
 * unsigned (a bad signature, an unknown app): those are thrown with their code, never returned.
 */
export async function callAlipay(setup: AlipaySetup, method: string, bizContent: object): Promise<AlipayAnswer> {
  let text: string;
  try {
    const response = await setup.fetch(setup.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(signedAlipayParams(setup, method, bizContent)).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    throw new ChannelCallError('ALIPAY', 'UNREACHABLE', (error as Error).message);
  }
  const name = `${method.replaceAll('.', '_')}_response`;
  const raw = rawJsonMember(text, name) ?? rawJsonMember(text, 'error_response');
  const member = raw === undefined ? undefined : (parseObject(raw) as AlipayAnswer | undefined);
  const sign = parseObject(text)?.sign;
  if (raw === undefined || !member) throw new ChannelCallError('ALIPAY', 'BAD_ANSWER', `no ${name} in the answer`);
  if (typeof sign !== 'string' || sign === '') {
    if (member.code === '10000') throw new ChannelCallError('ALIPAY', 'BAD_SIGNATURE', 'an unsigned success');
    throw alipayError(member);
  }
  if (!isAlipaySignatureValid(setup.alipayKey, raw, sign)) {
    throw new ChannelCallError('ALIPAY', 'BAD_SIGNATURE', 'answer refused', member.sub_code ?? member.code);
  }
  return member;
}

/** The channel's error of an answer, keeping its most precise code (`ACQ.SYSTEM_ERROR`, `isv.invalid-signature`). */
export function alipayError(member: AlipayAnswer): ChannelCallError {
  const message = String(member.sub_msg ?? member.msg ?? '');
  return new ChannelCallError('ALIPAY', 'CHANNEL_ERROR', message, member.sub_code ?? member.code);
}
