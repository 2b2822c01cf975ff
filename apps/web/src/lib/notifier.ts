import type { App } from 'antd';
import type { ApiError } from './api-error.ts';
import { type ErrorNotice, noticeFor } from './error-notice.ts';
import { i18n } from './i18n.ts';
import { loginPathFor } from './safe-redirect.ts';
import { restartSignedOut } from './session.ts';

type AppApi = ReturnType<typeof App.useApp>;

const NOTICE_SECONDS = 5;

let host: Pick<AppApi, 'notification' | 'modal'> | undefined;
let navigate: ((path: string) => void) | undefined;
let sessionPromptOpen = false;

/** Called once by the component that sits inside antd's <App>, which owns the themed holders. */
export function bindNotifier(api: Pick<AppApi, 'notification' | 'modal'>): void {
  host = api;
}

export function bindNavigate(go: (path: string) => void): void {
  navigate = go;
}

export function notifyError(text: string): void {
  host?.notification.error({ title: text, duration: NOTICE_SECONDS });
}

// Ten calls failing with 401 at once must raise one prompt, not ten.
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
    case 'forbidden':
      navigate?.('/401');
      return;
  }
}
