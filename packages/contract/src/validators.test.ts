import { describe, expect, it } from 'vitest';
import { isEmail, isExternalLink, isPhone } from './validators.ts';

describe('phone', () => {
  it.each(['13800138000', '19912345678', '10000000000'])('accepts %s', (value) => {
    expect(isPhone(value)).toBe(true);
  });
  it.each(['23800138000', '1380013800', '138001380001', '1380013800a', '', ' 13800138000'])('refuses "%s"', (value) => {
    expect(isPhone(value)).toBe(false);
  });
});

describe('email', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.com', 'x_y-z@sub-domain.org'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each(['plain', '@example.com', 'a@', 'a@b', 'a b@c.com', 'a@b.c'])('refuses "%s"', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});

describe('external link', () => {
  it.each(['http://x.cn', 'https://example.com/a', 'mailto:a@b.co', 'tel:10086'])('accepts %s', (value) => {
    expect(isExternalLink(value)).toBe(true);
  });
  it.each(['/system/user', 'ftp://x', 'javascript:alert(1)', 'www.example.com', ' https://x'])(
    'refuses "%s"',
    (value) => {
      expect(isExternalLink(value)).toBe(false);
    },
  );
});
