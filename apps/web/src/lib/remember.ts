import type Cookies from 'js-cookie';

type CookieAttributes = Cookies.CookieAttributes;

/**
 * Cookie attributes for the token and the remembered username: kept `rememberDays` when the
 * user asked to be remembered, otherwise a session cookie that ends with the browser.
 */
export function rememberAttributes(remember: boolean, rememberDays: number, secure: boolean): CookieAttributes {
  return {
    path: '/',
    sameSite: 'strict',
    secure,
    ...(remember ? { expires: rememberDays } : {}),
  };
}
