import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeConfig } from './theme.ts';

describe('themeConfig', () => {
  it('uses the theme colour as the primary colour', () => {
    const config = themeConfig({ theme: '#11a983', darkMode: false });
    expect(config.token?.colorPrimary).toBe('#11a983');
    expect(config.algorithm).toBe(theme.defaultAlgorithm);
  });

  it('switches to the dark algorithm in dark mode', () => {
    const config = themeConfig({ theme: '#1890ff', darkMode: true });
    expect(config.algorithm).toBe(theme.darkAlgorithm);
    expect(config.token?.colorBgLayout).toBeUndefined();
  });

  it('turns animations off when the system asks for reduced motion', () => {
    expect(themeConfig({ theme: '#1890ff', darkMode: false }).token?.motion).toBe(true);
    expect(themeConfig({ theme: '#1890ff', darkMode: false, reducedMotion: true }).token?.motion).toBe(false);
  });
});
