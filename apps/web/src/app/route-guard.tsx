import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { StartupError } from '@/components/startup-error.tsx';
import { signOut } from '@/features/auth/api/logout.ts';
import { loginPathFor } from '@/lib/safe-redirect.ts';
import { useSession } from '@/lib/session.ts';
import { decideRoute, isPublicPath, type LoadStatus } from './guard.ts';
import { pulseProgress, useProgressWhile } from './navigation-progress.ts';
import { isShellPath } from './routing/fixed-pages.ts';
import { loadMenuRoutes, loadUserInfo, useStartup } from './routing/startup.ts';

/**
 * Renders the matched page only when `decideRoute` allows it; the decision itself is pure and
 * unit tested. Until the user info and the menus are there it shows a spinner and nothing else.
 */
export function RouteGuard() {
  const { t } = useTranslation();
  const location = useLocation();
  const { pathname, search, hash } = location;
  const navigate = useNavigate();
  const hasToken = useSession((state) => state.token !== undefined);
  const hasRoles = useSession((state) => state.roles.length > 0);
  const loadMenus = useSession((state) => state.loadMenus);
  const startup = useStartup();
  const user: LoadStatus = startup.user === 'failed' ? 'failed' : hasRoles ? 'ready' : startup.user;
  const menus: LoadStatus = loadMenus ? startup.menus : 'ready';
  const decision = decideRoute({
    pathname,
    search,
    hash,
    hasToken,
    user,
    menus,
    isKnownPath: isShellPath(pathname, startup.table.routes),
    passwordChange: startup.passwordChange,
  });
  // Public pages need nothing loaded, except the sign-in page about to hand over to the console.
  const wantsConsole = hasToken && (!isPublicPath(pathname) || pathname === '/login');

  useEffect(() => {
    if (!wantsConsole) return;
    if (user === 'idle') void loadUserInfo();
    else if (user === 'ready' && menus === 'idle' && !startup.passwordChange) void loadMenuRoutes();
  }, [wantsConsole, user, menus, startup.passwordChange]);

  useEffect(() => {
    if (decision.kind === 'sign-out') void signOut(loginPathFor(pathname + search));
  }, [decision.kind, pathname, search]);

  // Spec §4 "repeat the navigation": the decision is taken again on every render, so when the
  // loadMenus flag clears, the same location is decided anew against the new route table.
  const redirectTo = decision.kind === 'redirect' ? decision.to : undefined;
  const place = pathname + search;
  useEffect(() => {
    if (redirectTo && redirectTo !== place) void navigate(redirectTo, { replace: true });
  }, [redirectTo, place, navigate]);

  // Spec §2: the router scrolls to the top on navigation (kept pages restore their own scroll after this).
  const lastPlace = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (lastPlace.current === place) return;
    const firstVisit = lastPlace.current === undefined;
    lastPlace.current = place;
    window.scrollTo(0, 0);
    if (!firstVisit) pulseProgress();
  }, [place]);

  useProgressWhile(decision.kind === 'wait' || decision.kind === 'sign-out');

  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'redirect':
      // A public page (the sign-in page handing over) stays on screen while the next one loads.
      return isPublicPath(pathname) ? <Outlet /> : <FullPageSpinner />;
    case 'menus-failed':
      return (
        <StartupError
          title={t('errors.menusFailed')}
          detail={startup.menusError}
          onRetry={() => void loadMenuRoutes()}
          onLogout={() => void signOut(loginPathFor('/'))}
        />
      );
    default:
      return <FullPageSpinner />;
  }
}
