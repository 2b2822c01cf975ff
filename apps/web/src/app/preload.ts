import { loadConsoleTexts } from '@/lib/i18n-console.ts';

/** The code the console needs after sign-in, and its texts; started as the visitor starts signing in. */
export const loadConsoleRoot = async () => (await Promise.all([import('./console-root.tsx'), loadConsoleTexts()]))[0];
export const loadBasicLayout = () => import('./shell/basic-layout.tsx');
export const loadDashboard = () => import('@/features/dashboard/pages/dashboard-page.tsx');

export function preloadConsole(): void {
  void Promise.all([loadConsoleRoot(), loadBasicLayout(), loadDashboard()]).catch(() => undefined);
}
