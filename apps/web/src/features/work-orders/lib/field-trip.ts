import { WORK_ORDER_PRIORITIES, type WorkOrder } from '@water/contract/work-orders';

/** A point on the earth (WGS-84), as the phone's position and the sites' coordinates are kept. */
export interface Place {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two places, in metres. */
export function metresBetween(a: Place, b: Place): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const placeOf = (order: Pick<WorkOrder, 'latitude' | 'longitude'>): Place | null =>
  order.latitude === null || order.longitude === null ? null : { latitude: order.latitude, longitude: order.longitude };

/** How far an order's machine is from here, in metres; null when either place is unknown. */
export function distanceTo(order: Pick<WorkOrder, 'latitude' | 'longitude'>, here: Place | null): number | null {
  const there = placeOf(order);
  return here && there ? metresBetween(here, there) : null;
}

/**
 * A technician's day: most urgent first, then the nearest (those without a known place after the
 * placed ones), then the oldest.
 */
export function dayOrder<T extends WorkOrder>(orders: readonly T[], here: Place | null): T[] {
  const rank = (order: T) => WORK_ORDER_PRIORITIES.indexOf(order.priority);
  const far = (order: T) => distanceTo(order, here) ?? Number.POSITIVE_INFINITY;
  return [...orders].sort(
    (a, b) => rank(a) - rank(b) || far(a) - far(b) || a.createTime.localeCompare(b.createTime) || a.id - b.id,
  );
}

/** "350 m" or "2.4 km". */
export const distanceText = (metres: number) =>
  metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(metres < 10_000 ? 1 : 0)} km`;

/**
 * The way to a machine in the phone's map app: AMap's link opens its app (or its web page) with
 * the route from here, taking WGS-84 coordinates as they are kept.
 */
export function wayTo(place: Place, name: string): string {
  const to = `${place.longitude},${place.latitude},${encodeURIComponent(name)}`;
  return `https://uri.amap.com/navigation?to=${to}&mode=car&coordinate=wgs84&callnative=1`;
}

/**
 * The sticker code a scan or a typed entry names: a sticker's QR code holds the machine page's
 * address (…/m/{code}); a typed entry is the code itself. Null when it holds no code.
 */
export function stickerCodeOf(text: string): string | null {
  const entry = text.trim();
  const fromAddress = /\/m\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(entry);
  const code = fromAddress ? decodeURIComponent(fromAddress[1] as string) : entry;
  return /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null;
}
