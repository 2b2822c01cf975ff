import { TDS_OUT_MAX } from '@water/contract/alarms';
import {
  CONFIRMED_BY_READINGS,
  type PartTaken,
  type PartUsed,
  WORK_ORDER_CHECKLISTS,
  WORK_ORDER_STATE_MACHINE,
  type WorkOrderCompletion,
} from '@water/contract/work-orders';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isAdministrator, type Principal } from '../../domain/principal.ts';
import { batched } from '../../lib/batch.ts';
import type { Deps } from '../../lib/deps.ts';
import { AVATAR_MIMES, uploadKind } from '../../lib/file-kinds.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { forbidden, invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { moveBy } from '../../lib/state.ts';
import { readUpload } from '../../lib/uploads.ts';
import { noteOf, SYSTEM, stepTo } from './work-order-steps.ts';
import type { WorkOrdersCore } from './work-orders-core.ts';
import { workOrdersRepository as repo, type WorkOrderRow } from './workorders.repository.ts';

const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const PHOTOS_MAX = 10;

/**
 * Takes the parts used on an order from its technician's stock, in the completion's unit of work;
 * answers them with their code and name (it refuses short stock, and the order stays open).
 */
export type UseParts = (
  tx: Database,
  use: { technicianId: number; workOrderId: number; actor: string; parts: readonly PartUsed[] },
) => Promise<PartTaken[]>;

/** The readings of a heartbeat that confirm or reopen work done on the machine. */
export interface MachineReadings {
  machineId: number;
  tdsOut: number | undefined;
}

/**
 * The field side of an order: photos, completion with its check-list and readings, and the
 * machine's next readings after the work, which confirm it or (once) reopen it.
 */
export function createWorkOrderCompletion(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { core, files, useParts }: { core: WorkOrdersCore; files: FileStore; useParts: UseParts },
) {
  /** Whether a machine has orders waiting for its readings: the heartbeats of one turn ask together. */
  const awaitingReadings = batched(async (machineIds: readonly number[]) => {
    const waiting = await repo.awaitingReadingsAmong(db, machineIds);
    return machineIds.map((id) => waiting.has(id));
  });

  /** The caller's own order (the administrator: any), else 403. */
  async function ownOrder(principal: Principal, id: number): Promise<WorkOrderRow> {
    const row = await core.visible(principal, id);
    if (row.technicianId !== principal.id && !isAdministrator(principal)) {
      throw forbidden({ key: 'errors.workOrders.notYours', values: { id } });
    }
    return row;
  }

  function checkedCompletion(row: WorkOrderRow, input: WorkOrderCompletion): WorkOrderCompletion {
    const checklist = WORK_ORDER_CHECKLISTS[row.type];
    input.checks.forEach((check, index) => {
      if (!checklist.includes(check)) {
        throw invalidField(`checks.${index}`, { key: 'errors.workOrders.unknownCheck', values: { check } }, 'invalid');
      }
    });
    input.photos.forEach((name, index) => {
      if (!row.photos.includes(name)) {
        throw invalidField(`photos.${index}`, { key: 'errors.workOrders.unknownPhoto', values: { name } }, 'invalid');
      }
    });
    if (row.type === 'FILTER_CHANGE' && (input.tdsAfter === undefined || input.tdsAfter === null)) {
      throw invalidField('tdsAfter', { key: 'errors.workOrders.tdsAfterRequired' }, 'required');
    }
    const filters = input.filters ?? [];
    if (filters.length > 0 && row.type !== 'FILTER_CHANGE') {
      throw invalidField('filters', { key: 'errors.filters.onlyOnChange' }, 'invalid');
    }
    filters.forEach((filter, index) => {
      if (filters.findIndex((other) => other.stage === filter.stage) !== index) {
        const text = { key: 'errors.filters.stageTwice', values: { stage: { key: `filters.stages.${filter.stage}` } } };
        throw invalidField(`filters.${index}.stage`, text, 'taken');
      }
    });
    return {
      checks: [...new Set(input.checks)],
      photos: [...new Set(input.photos)],
      tdsBefore: input.tdsBefore ?? null,
      tdsAfter: input.tdsAfter ?? null,
      parts: input.parts,
      ...(filters.length > 0 ? { filters } : {}),
      ...(input.note ? { note: input.note } : {}),
    };
  }

  return {
    /** Stores a png, jpeg or gif taken on an open order of the caller's. */
    async uploadPhoto(principal: Principal, id: number, request: FastifyRequest): Promise<{ name: string }> {
      const row = await ownOrder(principal, id);
      const { bytes, filename } = await readUpload(request, 'file', PHOTO_MAX_BYTES);
      const kind = await uploadKind(bytes, filename, 'file');
      if (!kind || !AVATAR_MIMES.includes(kind.mime)) {
        throw invalidField('file', { key: 'errors.workOrders.photoNotImage' }, 'format');
      }
      if (row.photos.length >= PHOTOS_MAX)
        throw invalidField(
          'file',
          { key: 'errors.workOrders.tooManyPhotos', values: { max: PHOTOS_MAX } },
          'too_large',
        );
      const name = await files.save(bytes, kind.extension);
      await db.transaction(async (tx) => {
        const order = await repo.lock(tx, id);
        if (!order) throw notFound(noSuch('workOrder', id));
        await repo.update(tx, id, { photos: [...order.photos, name] });
      });
      return { name };
    },

    /** A photo of an order the caller sees. */
    async sendPhoto(principal: Principal, id: number, name: string, reply: FastifyReply): Promise<FastifyReply> {
      const row = await core.visible(principal, id);
      if (!row.photos.includes(name)) throw notFound(noSuch('file', name));
      return files.send(reply, name, { cacheControl: 'private, max-age=86400', missing: 'No such photo' });
    },

    /** Done: the check-list, photos, readings, parts and note, and the machine is serviced now. */
    async complete(principal: Principal, id: number, input: WorkOrderCompletion): Promise<void> {
      const row = await ownOrder(principal, id);
      const completion = checkedCompletion(row, input);
      await db.transaction(async (tx) => {
        const order = await repo.lock(tx, id);
        if (!order) throw notFound(noSuch('workOrder', id));
        const to = moveBy(WORK_ORDER_STATE_MACHINE, order.state, 'DONE');
        const at = clock.now();
        const parts = await useParts(tx, {
          technicianId: order.technicianId ?? principal.id,
          workOrderId: id,
          actor: principal.username,
          parts: completion.parts,
        });
        await stepTo(tx, order, {
          event: 'DONE',
          to,
          actor: principal.username,
          at,
          note: completion.note ?? null,
          set: {
            doneTime: at,
            completion: { ...completion, parts },
            awaitingReadings: CONFIRMED_BY_READINGS.includes(order.type),
            confirmed: false,
          },
        });
        await core.events.done.emit(tx, {
          orderId: id,
          machineId: order.machineId,
          type: order.type,
          completion,
          at,
          by: principal.username,
        });
      });
    },

    /**
     * A machine's readings after work done on it: TDS out at or below the alarm threshold
     * confirms the orders waiting for them; above it reopens each, once (a second time it only
     * stops waiting, so a machine that cannot be fixed on site does not loop).
     */
    async readingsReceived(readings: MachineReadings): Promise<void> {
      const { tdsOut } = readings;
      // Most heartbeats find nothing waiting: one indexed read (for a turn's heartbeats), no unit of work.
      if (tdsOut === undefined || !(await awaitingReadings(readings.machineId))) return;
      await db.transaction(async (tx) => {
        const waiting = await repo.awaitingReadings(tx, readings.machineId);
        for (const order of waiting) {
          if (tdsOut <= TDS_OUT_MAX) {
            await stepTo(tx, order, {
              event: 'CONFIRM',
              to: order.state,
              actor: SYSTEM,
              at: clock.now(),
              noteText: noteOf('confirmed', { tds: tdsOut }),
              set: { awaitingReadings: false, confirmed: true },
            });
          } else if (!order.reopenedByReadings) {
            await repo.update(tx, order.id, { reopenedByReadings: true });
            await core.reopenBy(tx, order, { actor: SYSTEM, noteText: noteOf('reopened', { tds: tdsOut }) });
          } else {
            await repo.update(tx, order.id, { awaitingReadings: false });
          }
        }
      });
    },
  };
}
