import type { MenuRoute } from '@water/contract/menus';
import { create } from 'zustand';
import { toApiError } from '@/lib/api-error.ts';
import { callApi } from '@/lib/call-api.ts';
import { fetchUserInfo } from '@/lib/current-user.ts';
import { noticeFor } from '@/lib/error-notice.ts';
import { type MenuRouteTable, menusToRoutes } from '@/lib/menus-to-routes.ts';
import { bindPasswordChange } from '@/lib/notifier.ts';
import { publishPagePaths } from '@/lib/page-paths.ts';
import { menusLoaded, setUserInfo, useSession } from '@/lib/session.ts';
import type { LoadStatus } from '../guard.ts';

interface StartupState {
  /** Progress of `auth/info` when the roles are not known yet. */
  user: LoadStatus;
  /** Progress of `api/menus/build` while the loadMenus flag is set. */
  menus: LoadStatus;
  menusError: string | undefined;
  /** The pages and sidebar the menus of the signed-in user make. */
  table: MenuRouteTable;
  /** The server answers nothing but the password change until the user has chosen a password. */
  passwordChange: boolean;
}

export const useStartup = create<StartupState>(() => ({
  user: 'idle',
  menus: 'idle',
  menusError: undefined,
  table: { routes: [], sidebar: [] },
  passwordChange: false,
}));

// Features link to pages by their keys: where the menus put them goes with every new route table.
useStartup.subscribe((state, previous) => {
  if (state.table !== previous.table) publishPagePaths(state.table.routes);
});

export async function fetchMenuBuild(): Promise<MenuRoute[]> {
  // The shell reports a failure on its own screen; an expired session restarts at sign-in.
  return callApi('GET /api/menus/build', {}, { errorNotice: 'none' });
}

let userRequest: Promise<void> | undefined;
let menusRequest: Promise<void> | undefined;

/** Loads the user info once when the roles are empty; concurrent callers share the request. */
export function loadUserInfo(): Promise<void> {
  const { token, roles } = useSession.getState();
  if (!token || roles.length > 0) return Promise.resolve();
  userRequest ??= (async () => {
    useStartup.setState({ user: 'loading' });
    try {
      setUserInfo(await fetchUserInfo());
      useStartup.setState({ user: 'ready' });
    } catch {
      useStartup.setState({ user: 'failed' });
    } finally {
      userRequest = undefined;
    }
  })();
  return userRequest;
}

/** Fetches the menus and turns them into routes while the loadMenus flag is set, then clears it. */
export function loadMenuRoutes(): Promise<void> {
  const { token, loadMenus } = useSession.getState();
  if (!token || !loadMenus) return Promise.resolve();
  menusRequest ??= (async () => {
    useStartup.setState({ menus: 'loading', menusError: undefined });
    try {
      const table = menusToRoutes(await fetchMenuBuild());
      useStartup.setState({ menus: 'ready', table });
      menusLoaded();
    } catch (error) {
      const apiError = toApiError(error);
      if (noticeFor(apiError, 'all').kind === 'password-change') {
        // Not a failure: the menus load once the new password is stored.
        useStartup.setState({ menus: 'idle', passwordChange: true });
        return;
      }
      useStartup.setState({ menus: 'failed', menusError: apiError.message });
      if (apiError.status === 401) useStartup.setState({ user: 'failed' });
    } finally {
      menusRequest = undefined;
    }
  })();
  return menusRequest;
}

/** Starts what a signed-in visit needs as early as possible, before the first screen renders. */
export function startSession(): void {
  void loadUserInfo().then(loadMenuRoutes);
  // A sign-in asks for the menus as its answer arrives, not once the next screen has rendered.
  useSession.subscribe((state, previous) => {
    if (state.token && !previous.token) void loadMenuRoutes();
  });
}

/** Any call refused for a pending password change holds the user on that form. */
export function requirePasswordChange(): void {
  useStartup.setState({ passwordChange: true });
}

bindPasswordChange(requirePasswordChange);

/** The new password is stored: the menus load and the console opens. */
export function completePasswordChange(): void {
  useStartup.setState({ passwordChange: false, menus: 'idle' });
}

/**
 * Fetches the menus again after a change pushed by the server (menus edited, roles changed),
 * replacing the sidebar and routes in place: no spinner, no re-login. A failure keeps the old ones.
 */
export async function refreshMenuRoutes(): Promise<void> {
  const { token, loadMenus } = useSession.getState();
  if (!token || loadMenus) return;
  try {
    useStartup.setState({ table: menusToRoutes(await fetchMenuBuild()) });
  } catch {
    // The next push or visit tries again.
  }
}

/** Reads the permission strings again after the user's roles changed. */
export async function refreshUserInfo(): Promise<void> {
  if (!useSession.getState().token) return;
  try {
    setUserInfo(await fetchUserInfo());
  } catch {
    // The next request tells whether the session still stands.
  }
}
