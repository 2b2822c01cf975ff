import { Machine, MachineModel } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { wireMapper } from '../../lib/wire.ts';

/** A period without sales. */

export const EMPTY_SALES = { net: asFen(0), orders: 0, dispensedMl: 0 };

/** A serial number or sticker code, as registering one takes it. */
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{3,63}$/;

export const modelDto = wireMapper(MachineModel);

export const machineDto = wireMapper(Machine);
