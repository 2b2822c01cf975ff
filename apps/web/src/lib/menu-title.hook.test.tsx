// @vitest-environment jsdom
import './i18n-console.ts';
import { act, renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { useMenuTitle } from './menu-title.ts';

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
