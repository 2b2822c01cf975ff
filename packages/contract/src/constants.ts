/** Product constants shared by the server and the web client. */

/** Cookie that holds the signed-in token (with its `Bearer ` prefix). */
export const TOKEN_COOKIE_KEY = 'WATER-CONSOLE-TOKEN';

/**
 * The header this console sends with every API call. Existing clients (eladmin-web) send none,
 * which is how the server tells them apart where a setting treats them differently.
 */
export const CONSOLE_CLIENT_HEADER = 'X-Console-Client';
/** Cookie that remembers the username when "remember me" is chosen. */
export const USERNAME_COOKIE_KEY = 'WATER-CONSOLE-USERNAME';
/** Days a remembered token and username are kept. */
export const REMEMBER_DAYS = 1;

/** Role given to a signed-in user whose permission list is empty. */
export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';
/** The permission string that passes every check. */
export const ADMIN_PERMISSION = 'admin';

export const APP_TITLE = {
  en: 'Equipment Agent Distribution Management System',
  zh: '设备代理分销管理系统',
} as const;

export const SIDEBAR_TITLE = {
  en: 'Automatic Water Vending Back-office',
  zh: '自动售水后台管理',
} as const;

/** Query of the global settings call for this console. */
export const GLOBAL_SETTING_QUERY = { sideCode: 'wad', fromType: '1' } as const;

/** An image of the publicity page: a file uploaded to the console (`/files/…`) or an https address. */
export const PUBLICITY_IMAGE_PATTERN = '^(/files/[A-Za-z0-9._-]+|https://[^\\s"\'<>]+)$';
export const PUBLICITY_MAX_IMAGES = 6;

/** Paths that need no sign-in. */
export const PUBLIC_PATHS = ['/login', '/findPassword', '/publicity', '/404', '/401'] as const;

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
export const CAPTCHA_UUID_PREFIX = 'captcha_code:';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;

/** Sliding session: initial validity, renewal step and the threshold that triggers renewal. */
export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;
export const SESSION_RENEW_MS = 60 * 60 * 1000;
export const SESSION_RENEW_BELOW_MS = 30 * 60 * 1000;
/** Hard ceiling of one token, however often it is renewed. */
export const TOKEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** How the operation log describes a sign-in (the dashboard counts them). */
export const SIGN_IN_LOG_DESCRIPTION = 'Sign in';
