import { type ThemeConfig, theme } from 'antd';
import type { DisplaySettings } from '@/lib/settings/display-settings.ts';

interface ThemeInput extends Pick<DisplaySettings, 'theme' | 'darkMode'> {
  /** The system asks for less motion: antd's animations are turned off. */
  reducedMotion?: boolean;
}

/** antd's theme from the display settings: the theme colour as `colorPrimary`, dark mode as its dark algorithm. */
export function themeConfig({ theme: colour, darkMode, reducedMotion = false }: ThemeInput): ThemeConfig {
  return {
    algorithm: darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: colour,
      colorInfo: colour,
      colorLink: colour,
      borderRadius: 6,
      motion: !reducedMotion,
      ...(darkMode ? {} : { colorBgLayout: '#f0f2f5' }),
    },
  };
}
