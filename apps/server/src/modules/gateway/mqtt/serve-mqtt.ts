import type { FastifyInstance } from 'fastify';
import type { CommandsService } from '../../commands/commands.service.ts';
import type { FirmwareService } from '../../firmware/firmware.service.ts';
import { commandsOverMqtt } from './mqtt-commands.ts';
import { firmwareOverMqtt } from './mqtt-firmware.ts';
import type { MqttTransport } from './mqtt-transport.ts';

/**
 * The MQTT transport beside the HTTP gateway: commands pushed and acknowledged over it, firmware
 * progress taken from it; it starts once the server is ready and closes before the requests in
 * flight finish and the database closes.
 */
export function serveMqtt(
  app: FastifyInstance,
  transport: MqttTransport,
  services: { commands: CommandsService; firmware: FirmwareService },
): void {
  app.decorate('mqtt', transport);
  commandsOverMqtt(transport, services.commands, app.log);
  firmwareOverMqtt(transport, services.firmware, app.log);
  app.addHook('onReady', async () => transport.start());
  app.addHook('preClose', async () => transport.close());
}
