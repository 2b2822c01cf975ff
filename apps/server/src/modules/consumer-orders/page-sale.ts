import { type NotSelling, notSellingReason } from '@water/contract/public-machines';
import { PUBLIC_MAX_ML, type PublicOrderInput } from '@water/contract/public-orders';
import { HttpError, invalidField } from '../../lib/http-errors.ts';

/** A machine as its public page sells from it: where it stands, how it is, and its model's taps and water. */
export interface PageMachine {
  id: number;
  serialNo: string;
  modelId: number;
  agentId: number | null;
  siteId: number | null;
  lifecycle: string;
  online: boolean;
  faultBits: number;
  taps: number;
  waterTypes: string;
  billing: string;
}

/** Why a machine does not sell now (the prices are checked with the order), or null when it does. */
export const notSelling = (machine: PageMachine, inMaintenance: boolean): NotSelling | null =>
  notSellingReason({ ...machine, maintenance: inMaintenance, priced: true });

export const notSellingError = (reason: NotSelling) =>
  new HttpError(
    409,
    { key: 'errors.consumers.notSelling', values: { reason: { key: `errors.consumers.notSellingReasons.${reason}` } } },
    'MACHINE_NOT_SELLING',
  );

/**
 * A sale the page asks for, checked against the machine's model: a tap it has, water it gives, a
 * volume (or "fill until I stop" where it bills by flow: made for the machine's maximum fill, or
 * less if asked), and a card only for a card order. Answers the volume to order.
 */
export function checkedSale(machine: PageMachine, input: PublicOrderInput, forOrder: boolean): number {
  if (input.tap > machine.taps) {
    throw invalidField('tap', { key: 'errors.consumers.noSuchTap', values: { taps: machine.taps } }, 'too_large', {
      limit: machine.taps,
    });
  }
  if (!machine.waterTypes.split(',').includes(input.waterType)) {
    throw invalidField(
      'waterType',
      { key: 'errors.consumers.noSuchWater', values: { waterType: input.waterType } },
      'choice',
    );
  }
  if (input.fillUntilStop && machine.billing !== 'FLOW') {
    throw invalidField('fillUntilStop', { key: 'errors.consumers.fillUntilStopNotHere' });
  }
  if (!input.fillUntilStop && input.ml === undefined) {
    throw invalidField('ml', { key: 'errors.consumers.mlRequired' }, 'required');
  }
  if (forOrder && input.channel === 'CARD' && input.card === undefined) {
    throw invalidField('card', { key: 'errors.consumers.cardRequired' }, 'required');
  }
  if (input.channel !== 'CARD' && input.card !== undefined) {
    throw invalidField('card', { key: 'errors.consumers.cardNotForChannel' }, 'unknown');
  }
  return input.ml ?? PUBLIC_MAX_ML;
}
