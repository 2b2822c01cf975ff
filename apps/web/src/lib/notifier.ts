import type { App } from 'antd';
import type { ReactNode } from 'react';
import type { ApiError } from './api-error.ts';
import { type ErrorNotice, noticeFor } from './error-notice.ts';
import { i18n } from './i18n.ts';
import { loginPathFor } from './safe-redirect.ts';
import { restartSignedOut } from './session.ts';
import { showErrorToast } from './toast.ts';

type AppApi = ReturnType<typeof App.useApp>;
type Host = Pick<AppApi, 'notification' | 'modal'>;

/** Spec §9: every notification stays 5 s. */
export const NOTICE_SECONDS = 5;

let host: Host | undefined;
let navigate: ((path: string) => void) | undefined;
let sessionPromptOpen = false;
let passwordChange: (() => void) | undefined;

/**
 * Called by the component that sits inside antd's <App>, which owns the themed holders. Before
 * that (the sign-in page does not load antd) errors are shown by a small stand-in.
 */
export function bindNotifier(api: Host): () => void {
  host = api;
  return () => {
    if (host === api) host = undefined;
  };
}

export function bindNavigate(go: (path: string) => void): void {
  navigate = go;
}

/** What to do when the server asks for a new password first (the shell holds the user on that form). */
export function bindPasswordChange(require: () => void): void {
  passwordChange = require;
}

export function notifyError(text: string): void {
  if (host) host.notification.error({ title: text, duration: NOTICE_SECONDS });
  else showErrorToast(text, NOTICE_SECONDS, i18n.t('errors.close'));
}

/**
 * A warning that stays until closed: something on the machines needs someone (an alarm opened).
 * A later warning with the same `key` replaces it in place.
 */
export function notifyWarning(
  title: string,
  description: string,
  options: { key?: string; actions?: ReactNode; onClose?: () => void } = {},
): void {
  host?.notification.warning({ title, description, duration: 0, ...options });
}

/** Opens an in-app path, as a link inside a notification does. */
export function openPath(path: string): void {
  navigate?.(path);
}

/** Whether the "System prompt" dialog is open; ten calls failing with 401 at once raise it once. */
export function isSessionPromptOpen(): boolean {
  return sessionPromptOpen;
}

function promptSessionExpired(): void {
  if (!host || sessionPromptOpen) return;
  sessionPromptOpen = true;
  host.modal.confirm({
    title: i18n.t('errors.sessionExpiredTitle'),
    content: i18n.t('errors.sessionExpired'),
    okText: i18n.t('errors.loginAgain'),
    cancelText: i18n.t('errors.cancel'),
    onOk: () => restartSignedOut(loginPathFor(window.location.pathname + window.location.search)),
    afterClose: () => {
      sessionPromptOpen = false;
    },
  });
}

/** The one place a failed call becomes something the user sees. */
export function reportApiError(error: ApiError, mode: ErrorNotice = 'all'): void {
  const notice = noticeFor(error, mode);
  switch (notice.kind) {
    case 'none':
      return;
    case 'toast':
      notifyError('key' in notice.text ? i18n.t(`errors.${notice.text.key}`) : notice.text.message);
      return;
    case 'session-expired':
      promptSessionExpired();
      return;
    case 'password-change':
      passwordChange?.();
      return;
    case 'forbidden':
      navigate?.('/401');
      return;
  }
}
