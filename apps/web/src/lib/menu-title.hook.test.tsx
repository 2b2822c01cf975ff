// @vitest-environment jsdom
import '@/test/console-texts.ts';
import { act, renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { useMenuTitle, useSeededText } from './menu-title.ts';

afterAll(() => i18n.changeLanguage('en'));

describe('useMenuTitle', () => {
  it('translates titles with a colon (buttons) as well as plain ones, in the current language', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { result } = renderHook(() => useMenuTitle());
    expect(result.current('User: add')).toBe('用户新增');
    expect(result.current('Online users: kick out')).toBe('强制退出');
    expect(result.current('Users')).toBe('用户管理');
    expect(result.current('Coupons: add')).toBe('Coupons: add');

    await act(() => i18n.changeLanguage('en'));
    const english = renderHook(() => useMenuTitle());
    expect(english.result.current('User: add')).toBe('User: add');
  });
});

describe('useSeededText', () => {
  it('shows seeded names, labels and operation names in Chinese, and anything typed as typed', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const { result } = renderHook(() => useSeededText());
    expect(result.current('R&D')).toBe('研发部');
    expect(result.current('Engineer')).toBe('工程师');
    expect(result.current('Administrator')).toBe('管理员');
    expect(result.current('Enabled')).toBe('启用');
    expect(result.current('Edit a user')).toBe('修改用户');
    expect(result.current('Night shift')).toBe('Night shift');

    await act(() => i18n.changeLanguage('en'));
    const english = renderHook(() => useSeededText());
    expect(english.result.current('R&D')).toBe('R&D');
    expect(english.result.current('Edit a user')).toBe('Edit a user');
  });
});
