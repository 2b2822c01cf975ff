import { describe, expect, it } from 'vitest';
import { emailRule, externalLinkRule, phoneRule, sameAsRule } from './form-rules.ts';

const check = (rule: ReturnType<typeof phoneRule>, value: unknown) =>
  rule.validator(undefined, value).then(
    () => 'ok',
    (error: Error) => error.message,
  );

describe('form rules from the contract validators', () => {
  it('accepts an 11-digit phone starting with 1 and rejects others with the given message', async () => {
    const rule = phoneRule('Please enter a valid phone number');
    expect(await check(rule, '13800138000')).toBe('ok');
    expect(await check(rule, '23800138000')).toBe('Please enter a valid phone number');
    expect(await check(rule, '1380013800')).toBe('Please enter a valid phone number');
  });

  it('checks emails and external links', async () => {
    expect(await check(emailRule('bad'), 'ops@example.com')).toBe('ok');
    expect(await check(emailRule('bad'), 'ops@example')).toBe('bad');
    for (const link of ['https://a.example', 'http://a.example', 'mailto:a@b.c', 'tel:10086']) {
      expect(await check(externalLinkRule('bad'), link)).toBe('ok');
    }
    expect(await check(externalLinkRule('bad'), 'ftp://a.example')).toBe('bad');
  });

  it('leaves empty values to the required rule', async () => {
    expect(await check(phoneRule('bad'), '')).toBe('ok');
    expect(await check(phoneRule('bad'), undefined)).toBe('ok');
  });

  it('asks a confirmation to repeat the field it confirms, leaving an empty one to the required rule', async () => {
    const form = { getFieldValue: (name: string) => ({ password: 'Secret-123' })[name] };
    const rule = sameAsRule('password', 'The passwords differ')(form);
    expect(await check(rule, 'Secret-123')).toBe('ok');
    expect(await check(rule, 'Secret-124')).toBe('The passwords differ');
    expect(await check(rule, '')).toBe('ok');
  });
});
