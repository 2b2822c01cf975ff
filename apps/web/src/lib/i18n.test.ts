// @vitest-environment jsdom
import dayjs from 'dayjs';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from './i18n.ts';

afterAll(() => changeLanguage('en'));

describe('the language of dates', () => {
  it('names months and weekdays in the console’s language, as date pickers show them', async () => {
    await changeLanguage('zh-CN');
    const day = dayjs('2026-11-22');
    expect(day.format('MMM')).toBe('11月');
    expect(day.format('dd')).toBe('日');
    await changeLanguage('en');
    expect(dayjs('2026-11-22').format('MMM dd')).toBe('Nov Su');
  });
});
