import { describe, expect, it } from 'vitest';
import { rememberAttributes } from './remember.ts';

describe('rememberAttributes', () => {
  it('keeps the cookie for the given days when remembered', () => {
    expect(rememberAttributes(true, 1, false)).toEqual({ path: '/', sameSite: 'strict', secure: false, expires: 1 });
  });

  it('makes a session cookie otherwise', () => {
    const attributes = rememberAttributes(false, 1, true);
    expect(attributes).not.toHaveProperty('expires');
    expect(attributes.secure).toBe(true);
  });
});
