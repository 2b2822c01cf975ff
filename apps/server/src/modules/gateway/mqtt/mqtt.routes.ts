import type { FastifyInstance } from 'fastify';
import { createWebSocketStream } from 'ws';
import type { MqttTransport } from './mqtt-transport.ts';

/** The path machines (and browser tools) reach the broker at over WebSocket, on the HTTP port. */
export const MQTT_WEBSOCKET_PATH = '/mqtt';

/**
 * MQTT over WebSocket at `/mqtt` (subprotocol `mqtt`), the same broker as on MQTT_PORT; the
 * broker starts when the server is ready and stops, before its database, when it closes.
 */
export async function mqttRoutes(app: FastifyInstance, { transport }: { transport: MqttTransport }) {
  app.get(MQTT_WEBSOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    transport.handle(createWebSocketStream(socket), request.raw);
  });
}
