import { ALARM_TYPES, type AlarmPush } from '@water/contract/alarm-types';
import {
  CHANGE_TOPICS,
  type ChangeTopic,
  LOGOUT_REASONS,
  type LogoutReason,
  PUSH_MESSAGE_TYPES,
  type PushMessage,
  type PushMessageType,
  SESSION_ENDED_CLOSE,
} from '@water/contract/realtime';

const MESSAGE_TYPES: ReadonlySet<string> = new Set(PUSH_MESSAGE_TYPES);
const TOPICS: ReadonlySet<string> = new Set(CHANGE_TOPICS);
const REASONS: ReadonlySet<string> = new Set(LOGOUT_REASONS);
const ALARM_KINDS: ReadonlySet<string> = new Set(ALARM_TYPES);

/** The alarm of an ALARM message, when it has the shape the server sends. */
function alarmOf(value: unknown): AlarmPush | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, machineId, serialNo, type } = value as Record<string, unknown>;
  if (typeof id !== 'number' || typeof machineId !== 'number' || typeof serialNo !== 'string') return undefined;
  if (typeof type !== 'string' || !ALARM_KINDS.has(type)) return undefined;
  return { id, machineId, serialNo, type: type as AlarmPush['type'] };
}

/** A message as sent, or undefined for anything else (a console must not break on a stray frame). */
export function parsePush(data: unknown): PushMessage | undefined {
  if (typeof data !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { msgType, msg, topic, reason, alarm } = value as Record<string, unknown>;
  if (typeof msgType !== 'string' || !MESSAGE_TYPES.has(msgType)) return undefined;
  const pushed = alarmOf(alarm);
  return {
    ...(pushed ? { alarm: pushed } : {}),
    msgType: msgType as PushMessageType,
    ...(typeof msg === 'string' ? { msg } : {}),
    ...(typeof topic === 'string' && TOPICS.has(topic) ? { topic: topic as ChangeTopic } : {}),
    ...(typeof reason === 'string' && REASONS.has(reason) ? { reason: reason as LogoutReason } : {}),
  };
}

/** `ws(s)://<host>/websocket?token=<token>` on the console's own origin. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/websocket?token=${encodeURIComponent(token)}`;
}

/** Waits between reconnection attempts: 1 s, 2 s, 4 s … at most 30 s, with a little jitter. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface RealtimeHandlers {
  onChanged: (topic: ChangeTopic) => void;
  /** The session ended; `reason` says why when the server told (KICKED: an administrator signed it out). */
  onLogout: (reason?: LogoutReason) => void;
  /** An alarm opened on a machine the user sees. */
  onAlarm?: (alarm: AlarmPush) => void;
}

type SocketFactory = (url: string) => WebSocket;

/**
 * The console's one socket to the server: reconnects after a dropped connection (the server
 * restarted, the network came back) and stops for good when the session ends. Returns the
 * function that closes it.
 */
export function connectRealtime(
  token: string,
  handlers: RealtimeHandlers,
  open: SocketFactory = (url) => new WebSocket(url),
): () => void {
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const connect = () => {
    socket = open(realtimeUrl(window.location, token));
    socket.onopen = () => {
      attempt = 0;
    };
    socket.onmessage = (event) => {
      const message = parsePush(event.data);
      if (message?.msgType === 'CHANGED' && message.topic) handlers.onChanged(message.topic);
      else if (message?.msgType === 'ALARM' && message.alarm) handlers.onAlarm?.(message.alarm);
      else if (message?.msgType === 'LOGOUT') {
        stopped = true;
        handlers.onLogout(message.reason);
      }
    };
    socket.onclose = (event) => {
      if (stopped || event.code === SESSION_ENDED_CLOSE) return;
      timer = setTimeout(connect, reconnectDelay(attempt++));
    };
  };
  connect();

  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000, 'signed out');
  };
}
