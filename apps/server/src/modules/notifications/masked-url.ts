/**
 * A webhook address as answers show it: its scheme and host, then only the last 4 characters
 * (a robot's key sits in its query or its path): `https://qyapi.weixin.qq.com/…a1b2`.
 */
export function maskedUrl(url: string): string {
  const parsed = new URL(url);
  const rest = url.slice(parsed.origin.length);
  return rest.length <= 1 ? parsed.origin : `${parsed.origin}/…${rest.slice(-4)}`;
}
