import { describe, expect, it } from 'vitest';
import { machineTopic, mayPublish, maySubscribe } from './mqtt-topics.ts';

describe('a machine’s topics', () => {
  it('lets a machine publish on its own up topics and status only', () => {
    expect(machineTopic('WM0001', 'm/WM0001/up/order')).toEqual({ kind: 'up', up: 'order' });
    expect(machineTopic('WM0001', 'm/WM0001/status')).toEqual({ kind: 'status' });
    for (const topic of [
      'm/WM0002/up/order',
      'm/WM0001/up/orders',
      'm/WM0001/up/order/x',
      'm/WM0001/cmd',
      'm/wm0001/up/order',
      'x/WM0001/up/ack',
    ]) {
      expect(mayPublish('WM0001', topic), topic).toBe(false);
    }
  });

  it('lets a machine subscribe to its own commands and replies only, never with a wildcard', () => {
    expect(maySubscribe('WM0001', 'm/WM0001/cmd')).toBe(true);
    expect(maySubscribe('WM0001', 'm/WM0001/reply')).toBe(true);
    for (const topic of ['m/WM0001/#', 'm/+/cmd', 'm/WM0002/cmd', '#', '$SYS/#', 'm/WM0001/up/order']) {
      expect(maySubscribe('WM0001', topic), topic).toBe(false);
    }
  });
});
