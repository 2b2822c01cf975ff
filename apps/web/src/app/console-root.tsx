import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLayout } from '@/lib/layout-state.ts';
import { queryClient } from '@/lib/query-client.ts';
import { usePrefersReducedMotion } from '@/lib/reduced-motion.ts';
import { useSettings } from '@/lib/settings/settings-store.ts';
import { NotifierBridge } from './notifier-bridge.tsx';
import { themeConfig } from './theme.ts';

/** antd with the user's theme, colour scheme, size and language. */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const colour = useSettings((state) => state.theme);
  const darkMode = useSettings((state) => state.darkMode);
  const size = useLayout((state) => state.size);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => themeConfig({ theme: colour, darkMode, reducedMotion }),
    [colour, darkMode, reducedMotion],
  );
  return (
    <ConfigProvider
      locale={i18n.language === 'zh-CN' ? zhCN : enUS}
      theme={theme}
      componentSize={size}
      // Button texts exactly as written ("取消", not antd's spaced "取 消").
      button={{ autoInsertSpace: false }}
    >
      <App style={{ minHeight: '100%' }}>{children}</App>
    </ConfigProvider>
  );
}

/**
 * Everything past the sign-in page: antd's theme, its notification and modal holders for the
 * notifier, and the query cache.
 */
export function ConsoleRoot() {
  return (
    <ConsoleTheme>
      <NotifierBridge />
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </ConsoleTheme>
  );
}
