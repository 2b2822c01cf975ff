import { type ThemeConfig, theme } from 'antd';
import type { DisplaySettings } from '../lib/settings/display-settings.ts';

/** antd's theme from the display settings: the theme colour as `colorPrimary`, dark mode as its dark algorithm. */
export function themeConfig({ theme: colour, darkMode }: Pick<DisplaySettings, 'theme' | 'darkMode'>): ThemeConfig {
  return {
    algorithm: darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: colour,
      colorInfo: colour,
      colorLink: colour,
      borderRadius: 6,
      ...(darkMode ? {} : { colorBgLayout: '#f0f2f5' }),
    },
  };
}
