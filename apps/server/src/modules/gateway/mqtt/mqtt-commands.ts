import { CommandAck } from '@water/contract/commands';
import type { FastifyBaseLogger } from 'fastify';
import { Value } from 'typebox/value';
import { HttpError } from '../../../lib/http-errors.ts';
import type { CommandsService } from '../../commands/commands.service.ts';
import type { MqttTransport } from './mqtt-transport.ts';

/**
 * Remote commands over MQTT: a connected machine is handed each command the moment it is sent,
 * one that comes back gets those that waited for it as soon as it listens on its command topic,
 * and its acknowledgements on `up/ack` count as they do over HTTP. A refused acknowledgement has
 * no reply topic to go to: it is logged with the serial number and dropped.
 */
export function commandsOverMqtt(transport: MqttTransport, commands: CommandsService, log: FastifyBaseLogger): void {
  /** The commands pushed to each machine while the commands waiting for it are read, not to be handed twice. */
  const handedWhileReading = new Map<string, Set<string>>();
  commands.usePush({
    async push(serialNo, command) {
      // Away: it waits, and is handed over when the machine is back (below) or on a heartbeat's answer.
      if (!transport.isConnected(serialNo)) return false;
      handedWhileReading.get(serialNo)?.add(command.commandId);
      await transport.publishCommand(serialNo, command);
      return true;
    },
  });
  transport.onListening(async (machine) => {
    const handed = new Set<string>();
    handedWhileReading.set(machine.serialNo, handed);
    try {
      await commands.deliverPending(machine, handed);
    } finally {
      if (handedWhileReading.get(machine.serialNo) === handed) handedWhileReading.delete(machine.serialNo);
    }
  });
  transport.onAck(async (machine, message) => {
    if (!Value.Check(CommandAck, message)) {
      log.warn({ serialNo: machine.serialNo }, 'mqtt acknowledgement refused: not a command acknowledgement');
      return;
    }
    try {
      await commands.acknowledge(machine, message);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log.warn(
        { serialNo: machine.serialNo, commandId: message.commandId, result: message.result, code: error.code },
        'mqtt acknowledgement refused',
      );
    }
  });
}
