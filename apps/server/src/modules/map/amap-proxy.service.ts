import type { AmapConfig } from '../../config-amap.ts';
import { badRequest, notFound, unavailable } from '../../lib/http-errors.ts';

export type AmapProxy = ReturnType<typeof createAmapProxy>;

/** A web service path of AMap's (`v3/geocode/geo`, `v5/place/text`): letters, digits and single slashes. */
const SERVICE_PATH = /^v\d+(\/[A-Za-z0-9_-]+)+$/;

/** How long AMap may take to answer a forwarded call. */
const TIMEOUT_MS = 10_000;

/**
 * The AMap JS API's `serviceHost` (安全密钥的代理转发): its web service calls come here and go on to
 * AMap with the security code added, so the code never reaches a browser. The map's raster tiles
 * need no code; geocoding, places, routes and districts do, when made through the JS API.
 */
export function createAmapProxy({ securityCode, serviceUrl }: AmapConfig, fetchAnswer: typeof fetch = fetch) {
  return {
    async forward(path: string, query: Record<string, unknown>): Promise<unknown> {
      if (!securityCode) throw notFound({ key: 'errors.map.amapOff' });
      if (!SERVICE_PATH.test(path)) throw badRequest({ key: 'errors.map.amapPath' });
      const target = new URL(`${serviceUrl}/${path}`);
      for (const [name, value] of Object.entries(query)) {
        for (const one of Array.isArray(value) ? value : [value]) {
          if (name !== 'jscode' && typeof one === 'string') target.searchParams.append(name, one);
        }
      }
      target.searchParams.set('jscode', securityCode);
      try {
        const answer = await fetchAnswer(target, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        return await answer.json();
      } catch {
        throw unavailable({ key: 'errors.map.amapFailed' });
      }
    },
  };
}
