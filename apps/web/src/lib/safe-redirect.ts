/**
 * The `redirect` query value as an in-app path, or undefined when it could lead elsewhere:
 * only paths starting with a single '/' are kept ('//host' and '/\host' are other sites to a browser).
 */
export function safeRedirect(target: string | null | undefined): string | undefined {
  if (!target) return undefined;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // Control characters are dropped by URL parsers, which can turn '/\t/evil' into '//evil'.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return undefined;
  return target;
}

/** Where the sign-in page sends a visitor who asked for `path` (with its query) before signing in. */
export function loginPathFor(pathAndQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathAndQuery)}`;
}

/** The `reason` query value of the sign-in page after an administrator signed the session out. */
export const KICKED_REASON = 'kicked';

/** The sign-in page telling a kicked-out user why they are there, then taking them back to `path`. */
export function kickedLoginPathFor(pathAndQuery: string): string {
  return `${loginPathFor(pathAndQuery)}&reason=${KICKED_REASON}`;
}
