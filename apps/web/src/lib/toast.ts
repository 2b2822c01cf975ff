import styles from './toast.module.css';

const ERROR_ICON =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="11" fill="currentColor"/><path d="M8.5 8.5l7 7m0-7l-7 7" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>';

let region: HTMLElement | undefined;

/**
 * An error notification drawn without antd, for the screens that load before it (the sign-in
 * page must stay small); it looks and behaves like antd's: top right, closable, timed.
 */
export function showErrorToast(text: string, seconds: number, closeLabel: string): void {
  if (!region?.isConnected) {
    region = document.createElement('div');
    region.className = styles.region as string;
    document.body.append(region);
  }
  const toast = document.createElement('div');
  toast.className = styles.toast as string;
  toast.setAttribute('role', 'alert');
  const icon = document.createElement('span');
  icon.className = styles.icon as string;
  icon.innerHTML = ERROR_ICON;
  const message = document.createElement('div');
  message.className = styles.text as string;
  message.textContent = text;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = styles.close as string;
  close.setAttribute('aria-label', closeLabel);
  close.textContent = '×';
  const remove = () => toast.remove();
  close.addEventListener('click', remove);
  toast.append(icon, message, close);
  region.append(toast);
  setTimeout(remove, seconds * 1000);
}
