import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { LoginPage } from '@/features/auth/pages/login-page.tsx';
import { preloadable } from '@/lib/preloadable.tsx';
import { PASSWORD_CHANGE_PATH } from './guard.ts';
import { BasicLayout, ConsoleRoot, DashboardPage, preloadConsole } from './preload.ts';
import { RootLayout } from './root-layout.tsx';

// Declarative routes rather than a data router: the sign-in page must stay within its bundle
// budget, and the data router alone would add about 17 KB (gzip) to it.
const FindPasswordPage = preloadable(
  () => import('@/features/auth/pages/find-password-page.tsx'),
  (module) => module.FindPasswordPage,
);
const PublicityPage = preloadable(
  () => import('@/features/publicity/pages/publicity-page.tsx'),
  (module) => module.PublicityPage,
);
const NotFoundPage = preloadable(
  () => import('@/features/errors/pages/not-found-page.tsx'),
  (module) => module.NotFoundPage,
);
const UnauthorizedPage = preloadable(
  () => import('@/features/errors/pages/unauthorized-page.tsx'),
  (module) => module.UnauthorizedPage,
);
const UserCenterPage = preloadable(
  () => import('@/features/profile/pages/user-center-page.tsx'),
  (module) => module.UserCenterPage,
);
const PasswordChangeRoute = preloadable(
  () => import('./password-change-route.tsx'),
  (module) => module.PasswordChangeRoute,
);
const RedirectPage = preloadable(
  () => import('./shell/redirect-page.tsx'),
  (module) => module.RedirectPage,
);
const MenuRoutePage = preloadable(
  () => import('./shell/menu-route-page.tsx'),
  (module) => module.MenuRoutePage,
);

function SignInRoute() {
  return <LoginPage onIntent={preloadConsole} />;
}

function ConsoleRoute() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <ConsoleRoot />
    </Suspense>
  );
}

/**
 * Spec §2 routes. Pages from the server's menus are not routes of their own: the layout's
 * catch-all child matches the path against the table `menusToRoutes` made.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {/* Part of the entry and free of antd: it is the first screen of most visits. */}
        <Route path="/login" element={<SignInRoute />} />
        {/* Everything else uses antd; its providers (theme, notifications, queries) load with it. */}
        <Route element={<ConsoleRoute />}>
          <Route path="/findPassword" element={<FindPasswordPage />} />
          <Route path="/publicity" element={<PublicityPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/401" element={<UnauthorizedPage />} />
          {/* A user with a default password is held here until they choose their own. */}
          <Route path={PASSWORD_CHANGE_PATH} element={<PasswordChangeRoute />} />
          <Route path="/" element={<BasicLayout />}>
            <Route index element={<Navigate to="/dashboard" replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="user/center" element={<UserCenterPage />} />
            <Route path="redirect/*" element={<RedirectPage />} />
            <Route path="*" element={<MenuRoutePage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
