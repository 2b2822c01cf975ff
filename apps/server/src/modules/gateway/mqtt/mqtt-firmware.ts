import { FirmwareProgress } from '@water/contract/gateway';
import type { FastifyBaseLogger } from 'fastify';
import { Value } from 'typebox/value';
import { HttpError } from '../../../lib/http-errors.ts';
import type { FirmwareService } from '../../firmware/firmware.service.ts';
import type { MqttTransport } from './mqtt-transport.ts';

/**
 * Firmware updates' progress over MQTT: a report on `up/firmware` counts as over HTTP
 * (`POST firmware/progress`). A refused one has no reply topic to go to: it is logged with the
 * serial number and dropped.
 */
export function firmwareOverMqtt(transport: MqttTransport, firmware: FirmwareService, log: FastifyBaseLogger): void {
  transport.onFirmware(async (machine, message) => {
    if (!Value.Check(FirmwareProgress, message)) {
      log.warn({ serialNo: machine.serialNo }, 'mqtt firmware report refused: not a firmware progress report');
      return;
    }
    try {
      await firmware.report(machine, message);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log.warn(
        { serialNo: machine.serialNo, updateId: message.updateId, stage: message.stage, code: error.code },
        'mqtt firmware report refused',
      );
    }
  });
}
