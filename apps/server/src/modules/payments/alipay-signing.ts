import { createSign, createVerify, type KeyObject } from 'node:crypto';

/**
 * The cryptography of Alipay's open API (RSA2): the signed text is the parameters with a value,
 * sorted by name, as `name=value` joined by `&`, values as they are (not URL-encoded).
 */
export function alipaySignedText(params: Record<string, string | undefined>, omit: readonly string[]): string {
  return Object.keys(params)
    .filter((name) => !omit.includes(name) && params[name] !== undefined && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

export function alipaySign(privateKey: KeyObject, text: string): string {
  return createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');
}

export function isAlipaySignatureValid(publicKey: KeyObject, text: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The raw JSON text of a member of an answer (`"alipay_trade_query_response":{…}`), exactly as
 * sent: Alipay signs those characters, so the member cannot be parsed and written again.
 */
export function rawJsonMember(text: string, name: string): string | undefined {
  const key = `"${name}"`;
  let at = text.indexOf(key);
  if (at < 0) return undefined;
  at += key.length;
  while (/\s/.test(text[at] ?? '')) at += 1;
  if (text[at] !== ':') return undefined;
  at += 1;
  while (/\s/.test(text[at] ?? '')) at += 1;
  if (text[at] !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (let end = at; end < text.length; end += 1) {
    const char = text[end];
    if (inString) {
      if (char === '\\') end += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(at, end + 1);
    }
  }
  return undefined;
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** `yyyy-MM-dd HH:mm:ss` in China time (UTC+8 all year), as Alipay's parameters and answers write times. */
export function chinaTime(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The moment of a `yyyy-MM-dd HH:mm:ss[.SSS]` China time (refunds have milliseconds), or undefined. */
export function fromChinaTime(text: string | undefined): Date | undefined {
  if (!text || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{3})?$/.test(text)) return undefined;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
