// @vitest-environment jsdom

import { SESSION_ENDED_CLOSE } from '@water/contract/realtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, parsePush, realtimeUrl, reconnectDelay } from './realtime.ts';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  push(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

const open = (url: string) => new FakeSocket(url) as unknown as WebSocket;

afterEach(() => {
  FakeSocket.all = [];
  vi.useRealTimers();
});

describe('realtime messages', () => {
  it('reads what the server pushes and ignores anything else', () => {
    expect(parsePush('{"msgType":"CHANGED","msg":"dicts changed","topic":"dicts"}')).toEqual({
      msgType: 'CHANGED',
      msg: 'dicts changed',
      topic: 'dicts',
    });
    expect(parsePush('{"msgType":"LOGOUT","msg":"Your session has ended"}')).toEqual({
      msgType: 'LOGOUT',
      msg: 'Your session has ended',
    });
    expect(parsePush('{"msgType":"LOGOUT","msg":"Signed out","reason":"KICKED"}')).toEqual({
      msgType: 'LOGOUT',
      msg: 'Signed out',
      reason: 'KICKED',
    });
    expect(parsePush('{"msgType":"LOGOUT","reason":"BORED"}')).toEqual({ msgType: 'LOGOUT' });
    expect(parsePush('{"msgType":"CHANGED","topic":"weather"}')).toEqual({ msgType: 'CHANGED' });
    for (const junk of ['not json', '42', 'null', '{"msgType":"HELLO"}', new Blob()]) {
      expect(parsePush(junk)).toBeUndefined();
    }
  });

  it('connects to the console’s own origin with the token', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:8000' }, 'Bearer a.b.c')).toBe(
      'ws://localhost:8000/websocket?token=Bearer%20a.b.c',
    );
    expect(realtimeUrl({ protocol: 'https:', host: 'console.example.com' }, 't')).toBe(
      'wss://console.example.com/websocket?token=t',
    );
  });

  it('waits longer after each failed attempt, up to 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 10].map((attempt) => reconnectDelay(attempt, middle))).toEqual([1000, 2000, 4000, 8000, 30000]);
  });
});

describe('connectRealtime', () => {
  it('passes changes on, signs out on LOGOUT and then stays closed', () => {
    const onChanged = vi.fn();
    const onLogout = vi.fn();
    connectRealtime('Bearer t', { onChanged, onLogout }, open);
    const [socket] = FakeSocket.all;
    socket?.push({ msgType: 'INFO', msg: 'connected' });
    socket?.push({ msgType: 'CHANGED', topic: 'dicts' });
    socket?.push({ msgType: 'CHANGED', topic: 'menus' });
    expect(onChanged.mock.calls).toEqual([['dicts'], ['menus']]);
    socket?.push({ msgType: 'LOGOUT', msg: 'Your session has ended' });
    expect(onLogout).toHaveBeenCalledOnce();
    expect(onLogout).toHaveBeenCalledWith(undefined);
    socket?.onclose?.({ code: SESSION_ENDED_CLOSE });
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('passes on an alarm that opened, and drops one that is not an alarm', () => {
    const onAlarm = vi.fn();
    connectRealtime('t', { onChanged: vi.fn(), onLogout: vi.fn(), onAlarm }, open);
    const socket = FakeSocket.all.at(-1);
    const alarm = { id: 4, machineId: 9, serialNo: 'WM-0009', type: 'OFFLINE' };
    socket?.push({ msgType: 'ALARM', msg: 'OFFLINE WM-0009', alarm });
    socket?.push({ msgType: 'ALARM', alarm: { ...alarm, type: 'ON_FIRE' } });
    socket?.push({ msgType: 'ALARM', alarm: { ...alarm, id: '4' } });
    expect(onAlarm.mock.calls).toEqual([[alarm]]);
  });

  it('says why the session ended when an administrator kicked it out', () => {
    const onLogout = vi.fn();
    connectRealtime('t', { onChanged: vi.fn(), onLogout }, open);
    FakeSocket.all.at(-1)?.push({ msgType: 'LOGOUT', msg: 'Signed out', reason: 'KICKED' });
    expect(onLogout).toHaveBeenCalledWith('KICKED');
  });

  it('reconnects after a dropped connection, and not after being stopped', () => {
    vi.useFakeTimers();
    const stop = connectRealtime('t', { onChanged: vi.fn(), onLogout: vi.fn() }, open);
    FakeSocket.all[0]?.onclose?.({ code: 1006 });
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.all).toHaveLength(2);
    stop();
    expect(FakeSocket.all[1]?.closed).toBe(true);
    FakeSocket.all[1]?.onclose?.({ code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
