import type { WorkOrder } from '@water/contract/work-orders';
import { describe, expect, it } from 'vitest';
import { dayOrder, distanceText, metresBetween, stickerCodeOf, wayTo } from './field-trip.ts';

const order = (id: number, priority: WorkOrder['priority'], at: [number, number] | null): WorkOrder =>
  ({
    id,
    priority,
    latitude: at?.[0] ?? null,
    longitude: at?.[1] ?? null,
    createTime: `2026-11-26 0${id}:00:00`,
  }) as WorkOrder;

describe('a technician’s day', () => {
  it('measures the distance between two places on the earth', () => {
    // The Bund to People's Square, Shanghai: about 1.6 km.
    const metres = metresBetween({ latitude: 31.24, longitude: 121.49 }, { latitude: 31.2304, longitude: 121.4737 });
    expect(metres).toBeGreaterThan(1800);
    expect(metres).toBeLessThan(2000);
    expect(distanceText(metres)).toBe('1.9 km');
    expect(distanceText(347)).toBe('350 m');
  });

  it('puts the most urgent first, then the nearest, then those with no known place', () => {
    const here = { latitude: 31.23, longitude: 121.47 };
    const orders = [
      order(1, 'NORMAL', [31.3, 121.5]),
      order(2, 'URGENT', null),
      order(3, 'NORMAL', [31.231, 121.471]),
      order(4, 'NORMAL', null),
      order(5, 'URGENT', [31.4, 121.6]),
    ];
    expect(dayOrder(orders, here).map((o) => o.id)).toEqual([5, 2, 3, 1, 4]);
    // Without a position: priority, then the oldest.
    expect(dayOrder(orders, null).map((o) => o.id)).toEqual([2, 5, 1, 3, 4]);
  });

  it('reads a sticker’s code from its QR address or as typed, and nothing else', () => {
    expect(stickerCodeOf('https://water.example.com/m/Hx7k2PqR')).toBe('Hx7k2PqR');
    expect(stickerCodeOf('https://water.example.com/m/Hx7k2PqR/?from=qr')).toBe('Hx7k2PqR');
    expect(stickerCodeOf('  ST-0042 ')).toBe('ST-0042');
    expect(stickerCodeOf('https://elsewhere.example.com/pay?id=3')).toBeNull();
    expect(stickerCodeOf("x' OR 1=1")).toBeNull();
    expect(stickerCodeOf('')).toBeNull();
  });

  it('links the way to a machine in the map app with WGS-84 coordinates', () => {
    expect(wayTo({ latitude: 31.23, longitude: 121.47 }, 'East Gate')).toBe(
      'https://uri.amap.com/navigation?to=121.47,31.23,East%20Gate&mode=car&coordinate=wgs84&callnative=1',
    );
  });
});
