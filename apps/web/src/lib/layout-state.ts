import Cookies from 'js-cookie';
import { create } from 'zustand';
import {
  type Device,
  deviceFor,
  SIDEBAR_COOKIE,
  SIZE_COOKIE,
  sidebarOpenedFrom,
  sizeFrom,
  type UiSize,
} from './layout-rules.ts';

interface LayoutState {
  /** The desktop sidebar: expanded or folded to icons; remembered in a cookie. */
  sidebarOpened: boolean;
  /** The sidebar drawer on mobile widths; always starts closed. */
  drawerOpened: boolean;
  device: Device;
  size: UiSize;
  settingsOpened: boolean;
  /** The top bar's jobs drawer: opened by its button, or by a page that has just queued a task. */
  tasksOpened: boolean;
}

const cookieOptions = { path: '/', expires: 365, sameSite: 'strict' } as const;

export const useLayout = create<LayoutState>(() => ({
  sidebarOpened: sidebarOpenedFrom(Cookies.get(SIDEBAR_COOKIE)),
  drawerOpened: false,
  device: deviceFor(window.innerWidth),
  size: sizeFrom(Cookies.get(SIZE_COOKIE)),
  settingsOpened: false,
  tasksOpened: false,
}));

/** The hamburger: folds the sidebar on a desktop, opens or closes the drawer on a phone. */
export function toggleSidebar(): void {
  const { device, sidebarOpened, drawerOpened } = useLayout.getState();
  if (device === 'mobile') {
    useLayout.setState({ drawerOpened: !drawerOpened });
    return;
  }
  Cookies.set(SIDEBAR_COOKIE, sidebarOpened ? '0' : '1', cookieOptions);
  useLayout.setState({ sidebarOpened: !sidebarOpened });
}

export function closeDrawer(): void {
  useLayout.setState({ drawerOpened: false });
}

export function setDevice(device: Device): void {
  if (useLayout.getState().device === device) return;
  useLayout.setState({ device, drawerOpened: false });
}

export function setSize(size: UiSize): void {
  Cookies.set(SIZE_COOKIE, size, cookieOptions);
  useLayout.setState({ size });
}

export function setSettingsOpened(settingsOpened: boolean): void {
  useLayout.setState({ settingsOpened });
}

export function setTasksOpened(tasksOpened: boolean): void {
  useLayout.setState({ tasksOpened });
}
