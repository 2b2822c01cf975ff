/** The code the console needs after sign-in; started while the sign-in request is on its way. */
export const loadConsoleRoot = () => import('./console-root.tsx');
export const loadBasicLayout = () => import('./shell/basic-layout.tsx');
export const loadDashboard = () => import('@/features/dashboard/pages/dashboard-page.tsx');

export function preloadConsole(): void {
  void Promise.all([loadConsoleRoot(), loadBasicLayout(), loadDashboard()]).catch(() => undefined);
}
