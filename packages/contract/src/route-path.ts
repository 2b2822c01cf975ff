/**
 * Route keys and paths at run time, without any schema: the web reaches the API through these
 * (its bundle carries no TypeBox), the route declarations stay types there.
 */

/** A path parameter's value as it is written in a URL. */
export type PathValue = string | number | boolean;

/** `'GET /api/orders/:orderNo'` → its method and path. */
export function splitRouteKey(key: string): { method: string; path: string } {
  const space = key.indexOf(' ');
  if (space < 0) throw new Error(`Not a route key: ${key}`);
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}

/**
 * The path with each `:name` replaced by its value, percent-encoded as one path segment
 * (`/api/orders/:orderNo` → `/api/orders/202601011200000001`; `.` and `..` too, so that they stay
 * values). A parameter without a value is a programming error, refused before anything is sent.
 */
export function fillPath(path: string, params: Readonly<Record<string, PathValue>> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: no value for :${name}`);
    const segment = encodeURIComponent(String(value));
    // A segment of dots alone would move up the path once the URL is resolved.
    return /^\.+$/.test(segment) ? segment.replaceAll('.', '%2E') : segment;
  });
}
