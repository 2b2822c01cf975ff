import { describe, expect, it } from 'vitest';
import bootScript from '../../public/boot-settings.js?raw';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from './language.ts';

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

describe('public/boot-settings.js', () => {
  it('sets the language pickLanguage will pick, before the first paint (for login.html’s frame)', () => {
    const run = (saved: string | null, languages: readonly string[] | undefined, language = 'en') => {
      const root = { lang: 'en', dataset: {}, style: { setProperty: () => {} } };
      const localStorage = { getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? saved : null) };
      new Function('localStorage', 'document', 'navigator', bootScript)(
        localStorage,
        { documentElement: root },
        { languages, language },
      );
      return root.lang;
    };
    const cases: [string | null, string[]][] = [
      ['zh-CN', ['en-US']],
      ['en', ['zh-CN']],
      ['fr', ['zh-TW']],
      [null, ['zh-CN', 'en']],
      [null, ['ZH-hk']],
      [null, ['de-DE', 'zh-CN']],
      [null, []],
    ];
    for (const [saved, languages] of cases) {
      expect(run(saved, languages), `${saved} ${languages}`).toBe(pickLanguage(saved, languages));
    }
    expect(run(null, undefined, 'zh-CN'), 'navigator.language when languages is missing').toBe('zh-CN');
  });
});
