import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('keeps a saved choice', () => {
    expect(pickLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
  });

  it('ignores a saved value it does not know', () => {
    expect(pickLanguage('fr', ['zh-TW'])).toBe('zh-CN');
  });

  it('gives Chinese to any zh browser language and English to the rest', () => {
    expect(pickLanguage(null, ['zh-CN', 'en'])).toBe('zh-CN');
    expect(pickLanguage(null, ['zh'])).toBe('zh-CN');
    expect(pickLanguage(null, ['ZH-hk'])).toBe('zh-CN');
    expect(pickLanguage(null, ['de-DE', 'zh-CN'])).toBe('en');
    expect(pickLanguage(undefined, [])).toBe('en');
  });
});
