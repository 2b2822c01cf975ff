import websocket from '@fastify/websocket';
import { ALARM_PERMISSIONS, type AlarmPush } from '@water/contract/alarms';
import {
  type ChangeTopic,
  type PushMessage,
  SERVER_GOING_AWAY_CLOSE,
  SESSION_ENDED_CLOSE,
} from '@water/contract/realtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { inScope, isAdministrator } from '../domain/principal.ts';
import type { Revocation } from '../domain/sessions.ts';
import { authenticate, bearerToken } from '../lib/authenticate.ts';
import type { EventTopic } from '../lib/events.ts';
import { forbidden, unauthorized } from '../lib/http-errors.ts';

interface Connection {
  socket: WebSocket;
  userId: number;
  sessionId: string;
}

const CHANGED_BY_EVENT: Partial<Record<EventTopic, ChangeTopic>> = {
  menus: 'menus',
  dicts: 'dicts',
  settings: 'settings',
};

/** `scheme://host[:port]` as browsers write it, or undefined for anything else (`null`, garbage). */
function normalOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The page was served by this console: same host and port as the request, over http or https. */
function isOwnOrigin(origin: string, host: string): boolean {
  const normal = normalOrigin(origin);
  if (!normal || !host) return false;
  const url = new URL(normal);
  try {
    return new URL(`${url.protocol}//${host}`).host === url.host;
  } catch {
    return false;
  }
}

/**
 * `/websocket?token=…`: pushes to signed-in consoles what changed (menus, dictionaries,
 * settings, their own permissions) and tells a revoked session to sign out. Each instance
 * pushes to its own sockets; the event bus brings every instance the news.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: { allowedOrigins: readonly string[] }) => {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    const connections = new Set<Connection>();

    const send = (connection: Connection, message: PushMessage) => {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(message));
    };
    const broadcast = (message: PushMessage, to: (connection: Connection) => boolean = () => true) => {
      for (const connection of connections) if (to(connection)) send(connection, message);
    };

    for (const [topic, pushed] of Object.entries(CHANGED_BY_EVENT) as [EventTopic, ChangeTopic][]) {
      app.events.on(topic, () => broadcast({ msgType: 'CHANGED', msg: `${pushed} changed`, topic: pushed }));
    }
    app.events.on('alarms', (payload) => {
      const { alarm, deptId } = payload as { alarm: AlarmPush; deptId: number | null };
      for (const connection of connections) {
        void app.principals.get(connection.userId).then(
          (principal) => {
            const sees =
              principal &&
              (isAdministrator(principal) || principal.permissions.has(ALARM_PERMISSIONS.list)) &&
              (deptId === null ? principal.scope === null : inScope(principal, deptId));
            if (sees) send(connection, { msgType: 'ALARM', msg: `${alarm.type} ${alarm.serialNo}`, alarm });
          },
          () => {},
        );
      }
    });
    app.events.on('principals', (payload) => {
      const userId = payload === '*' ? undefined : (payload as { userId: number }).userId;
      broadcast(
        { msgType: 'CHANGED', msg: 'permissions changed', topic: 'permissions' },
        (connection) => userId === undefined || connection.userId === userId,
      );
    });
    app.events.on('sessions', (payload) => {
      if (payload === '*') return;
      const revocation = payload as Exclude<Revocation, '*'>;
      const message: PushMessage =
        'ids' in revocation && revocation.reason === 'kicked'
          ? { msgType: 'LOGOUT', msg: 'You were signed out by an administrator', reason: 'KICKED' }
          : { msgType: 'LOGOUT', msg: 'Your session has ended' };
      const ended = (connection: Connection) =>
        'ids' in revocation
          ? revocation.ids.includes(connection.sessionId)
          : connection.userId === revocation.userId && connection.sessionId !== revocation.except;
      for (const connection of connections) {
        if (!ended(connection)) continue;
        send(connection, message);
        connection.socket.close(SESSION_ENDED_CLOSE, 'session ended');
      }
    });

    const allowed = new Set(options.allowedOrigins);
    /** Browsers send the page's origin: only the console's own, and the configured ones, may connect. */
    const checkOrigin = async (request: FastifyRequest) => {
      const origin = request.headers.origin;
      if (origin === undefined || isOwnOrigin(origin, request.host) || allowed.has(normalOrigin(origin) ?? '')) return;
      request.log.warn({ origin }, 'websocket refused: origin not allowed');
      throw forbidden(`The origin ${origin.slice(0, 200)} may not open the websocket`);
    };

    const authenticateSocket = async (request: FastifyRequest) => {
      const raw = (request.query as { token?: string }).token ?? '';
      const signedIn = await authenticate(app, bearerToken(raw) ?? (raw.includes('.') ? raw : undefined));
      if (!signedIn) throw unauthorized();
      request.principal = signedIn.principal;
      request.sessionId = signedIn.sessionId;
    };

    app.get(
      '/websocket',
      { websocket: true, onRequest: checkOrigin, preValidation: authenticateSocket, schema: { hide: true } },
      (socket, request) => {
        const connection = { socket, userId: request.principal!.id, sessionId: request.sessionId! };
        connections.add(connection);
        socket.on('close', () => connections.delete(connection));
        // Clients only listen; anything they send is ignored.
        socket.on('message', () => {});
        send(connection, { msgType: 'INFO', msg: 'connected' });
      },
    );

    app.addHook('onClose', async () => {
      for (const connection of connections) connection.socket.close(SERVER_GOING_AWAY_CLOSE, 'server shutting down');
    });
  },
  { name: 'realtime', dependencies: ['auth'] },
);
