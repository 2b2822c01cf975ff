import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { bindNavigate } from '../lib/notifier.ts';
import { RootLayout } from './root-layout.tsx';
import type { RouteHandle } from './use-document-title.ts';

const title = (key: RouteHandle['title']): RouteHandle => ({ title: key });

const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        path: '/login',
        handle: title('login'),
        // Part of the entry: it is the first screen of most visits.
        Component: LoginPage,
      },
      {
        path: '/findPassword',
        handle: title('findPassword'),
        lazy: async () => ({
          Component: (await import('../features/auth/pages/find-password-page.tsx')).FindPasswordPage,
        }),
      },
      {
        path: '/publicity',
        handle: title('publicity'),
        lazy: async () => ({
          Component: (await import('../features/publicity/pages/publicity-page.tsx')).PublicityPage,
        }),
      },
      {
        path: '/404',
        handle: title('notFound'),
        lazy: async () => ({ Component: (await import('../features/errors/pages/not-found-page.tsx')).NotFoundPage }),
      },
      {
        path: '/401',
        handle: title('unauthorized'),
        lazy: async () => ({
          Component: (await import('../features/errors/pages/unauthorized-page.tsx')).UnauthorizedPage,
        }),
      },
      {
        path: '/',
        lazy: async () => ({ Component: (await import('./shell/basic-layout.tsx')).BasicLayout }),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          {
            path: 'dashboard',
            handle: title('dashboard'),
            lazy: async () => ({
              Component: (await import('../features/dashboard/pages/dashboard-page.tsx')).DashboardPage,
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

bindNavigate((path) => void router.navigate(path));
