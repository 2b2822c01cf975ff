import type { PageOf } from '@water/contract/common';
import {
  type Adjust,
  type Holder,
  Movement,
  type MovementQuery,
  type Receive,
  StockLine,
  type StockQuery,
  type Transfer,
} from '@water/contract/parts';
import type { PartTaken, PartUsed } from '@water/contract/work-orders';
import type { Database } from '../../db/client.ts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { HttpError, invalidField, noSuch, notFound, unknownRecord } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { wireOf } from '../../lib/wire.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import {
  type MovementRow,
  movementOrder,
  movementSortable,
  type PartRow,
  partsRepository as repo,
} from './parts.repository.ts';

const key = (kind: string, id: number) => `${kind}:${id}`;

/**
 * Stock moves: every change is a movement row, a holder never goes below zero (409 STOCK_SHORT),
 * and when the warehouses' stock of a part falls to or below its reorder point STOCK_LOW is raised,
 * once per crossing (the part's `low` flag remembers it until the stock is above the point again).
 */
export function createStockMovements(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { notify }: { notify: NotificationsService['notify'] },
) {
  async function names(tx: Database, holders: readonly { kind: string | null; id: number | null }[]) {
    const technicianIds = holders.filter((h) => h.kind === 'TECHNICIAN').map((h) => h.id as number);
    const needWarehouses = holders.some((h) => h.kind === 'WAREHOUSE');
    const [people, places] = await Promise.all([
      repo.userNames(tx, [...new Set(technicianIds)]),
      needWarehouses ? repo.warehouses(tx) : Promise.resolve([]),
    ]);
    const named = new Map<string, string>();
    for (const user of people) named.set(key('TECHNICIAN', user.id), user.nickName || user.username);
    for (const place of places) named.set(key('WAREHOUSE', place.id), place.name);
    return (kind: string | null, id: number | null) =>
      kind === null || id === null ? null : (named.get(key(kind, id)) ?? `${kind} ${id}`);
  }

  async function answers(tx: Database, rows: { movement: MovementRow; code: string; name: string }[]) {
    const nameOf = await names(
      tx,
      rows.flatMap(({ movement: m }) => [
        { kind: m.fromKind, id: m.fromId },
        { kind: m.toKind, id: m.toId },
      ]),
    );
    return rows.map(({ movement: m, code, name }) =>
      wireOf(Movement, {
        ...m,
        code,
        name,
        fromName: nameOf(m.fromKind, m.fromId),
        toName: nameOf(m.toKind, m.toId),
      }),
    );
  }

  async function lockedPart(tx: Database, partId: number, field = 'partId'): Promise<PartRow> {
    const part = await repo.lockPart(tx, partId);
    if (!part) throw invalidField(field, unknownRecord('part', partId), 'invalid');
    return part;
  }

  async function checkHolder(tx: Database, holder: Holder, field: string): Promise<void> {
    if (holder.kind === 'WAREHOUSE') {
      if (!(await repo.warehouse(tx, holder.id))) {
        throw invalidField(`${field}.id`, unknownRecord('warehouse', holder.id), 'invalid');
      }
    } else if ((await repo.technicians(tx, [holder.id])).length === 0) {
      throw invalidField(`${field}.id`, { key: 'errors.parts.notTechnician', values: { id: holder.id } }, 'invalid');
    }
  }

  /** Takes from the holder, or refuses with 409 STOCK_SHORT saying how many it has. */
  async function take(tx: Database, part: PartRow, holder: Holder, quantity: number): Promise<void> {
    if (await repo.take(tx, part.id, holder, quantity)) return;
    const held = await repo.held(tx, part.id, holder);
    const holderName = (await names(tx, [holder]))(holder.kind, holder.id) ?? '';
    throw new HttpError(
      409,
      { key: 'errors.parts.short', values: { holder: holderName, held, code: part.code, wanted: quantity } },
      'STOCK_SHORT',
    );
  }

  /** The low flag follows the warehouses' stock; STOCK_LOW is raised when it turns low. */
  async function checkLow(tx: Database, part: PartRow): Promise<void> {
    const total = await repo.warehouseTotal(tx, part.id);
    const low = total <= part.reorderPoint;
    if (low === part.low) return;
    await repo.updatePart(tx, part.id, { low });
    if (low) {
      await notify(
        'STOCK_LOW',
        {
          agentId: null,
          says: {
            key: 'notifications.message.stockLow',
            values: { code: part.code, name: part.name, quantity: total, reorderPoint: part.reorderPoint },
          },
        },
        tx,
      );
    }
  }

  async function record(
    tx: Database,
    part: PartRow,
    values: Omit<Parameters<typeof repo.insertMovement>[1], 'partId'>,
  ): Promise<Movement> {
    const row = await repo.insertMovement(tx, { ...values, partId: part.id });
    const [answer] = await answers(tx, [{ movement: row, code: part.code, name: part.name }]);
    return answer as Movement;
  }

  return {
    checkLow,

    async receive(principal: Principal, input: Receive): Promise<Movement> {
      return db.transaction(async (tx) => {
        const part = await lockedPart(tx, input.partId);
        const to: Holder = { kind: 'WAREHOUSE', id: input.warehouseId };
        await checkHolder(tx, to, 'warehouseId');
        await repo.add(tx, part.id, to, input.quantity);
        await checkLow(tx, part);
        return record(tx, part, {
          kind: 'RECEIVE',
          quantity: input.quantity,
          toKind: to.kind,
          toId: to.id,
          note: input.note ?? null,
          createBy: principal.username,
          createTime: clock.now(),
        });
      });
    },

    async transfer(principal: Principal, input: Transfer): Promise<Movement> {
      const { from, to } = input;
      if (from.kind === to.kind && from.id === to.id) {
        throw invalidField('to', { key: 'errors.parts.sameHolder' }, 'invalid');
      }
      return db.transaction(async (tx) => {
        const part = await lockedPart(tx, input.partId);
        await checkHolder(tx, from, 'from');
        await checkHolder(tx, to, 'to');
        await take(tx, part, from, input.quantity);
        await repo.add(tx, part.id, to, input.quantity);
        await checkLow(tx, part);
        return record(tx, part, {
          kind: 'TRANSFER',
          quantity: input.quantity,
          fromKind: from.kind,
          fromId: from.id,
          toKind: to.kind,
          toId: to.id,
          note: input.note ?? null,
          createBy: principal.username,
          createTime: clock.now(),
        });
      });
    },

    async adjust(principal: Principal, input: Adjust): Promise<Movement> {
      if (input.change === 0) throw invalidField('change', { key: 'errors.parts.zeroChange' }, 'invalid');
      return db.transaction(async (tx) => {
        const part = await lockedPart(tx, input.partId);
        const { holder } = input;
        await checkHolder(tx, holder, 'holder');
        if (input.change < 0) await take(tx, part, holder, -input.change);
        else await repo.add(tx, part.id, holder, input.change);
        await checkLow(tx, part);
        const side =
          input.change < 0 ? { fromKind: holder.kind, fromId: holder.id } : { toKind: holder.kind, toId: holder.id };
        return record(tx, part, {
          kind: 'ADJUST',
          quantity: input.change,
          ...side,
          note: input.note,
          createBy: principal.username,
          createTime: clock.now(),
        });
      });
    },

    /**
     * Parts used on a work order, taken from its technician's stock in the caller's unit of work
     * (the completion's): all or none, 409 STOCK_SHORT when the technician has fewer.
     */
    async useOnOrder(
      tx: Database,
      use: { technicianId: number; workOrderId: number; actor: string; parts: readonly PartUsed[] },
    ): Promise<PartTaken[]> {
      const wanted = new Map<number, number>();
      for (const line of use.parts) wanted.set(line.partId, (wanted.get(line.partId) ?? 0) + line.quantity);
      const ids = [...wanted.keys()].sort((a, b) => a - b);
      const known = await repo.partsByIds(tx, ids);
      const missing = use.parts.findIndex((line) => !known.some((part) => part.id === line.partId));
      if (missing >= 0) {
        const partId = use.parts[missing]?.partId as number;
        throw invalidField(`parts.${missing}.partId`, unknownRecord('part', partId), 'invalid');
      }
      const holder: Holder = { kind: 'TECHNICIAN', id: use.technicianId };
      const taken: PartTaken[] = [];
      for (const id of ids) {
        const part = await lockedPart(tx, id);
        const quantity = wanted.get(id) as number;
        await take(tx, part, holder, quantity);
        await repo.insertMovement(tx, {
          kind: 'USE',
          partId: id,
          quantity,
          fromKind: holder.kind,
          fromId: holder.id,
          workOrderId: use.workOrderId,
          createBy: use.actor,
          createTime: clock.now(),
        });
        taken.push({ partId: id, code: part.code, name: part.name, quantity });
      }
      return taken;
    },

    async stock(query: StockQuery): Promise<StockLine[]> {
      const rows = await repo.stock(db, query);
      const nameOf = await names(
        db,
        rows.map((row) => ({ kind: row.holderKind, id: row.holderId })),
      );
      return rows.map((row) => wireOf(StockLine, { ...row, holderName: nameOf(row.holderKind, row.holderId) ?? '' }));
    },

    async movements(query: MovementQuery): Promise<PageOf<Movement>> {
      const page = await repo.movementPage(db, query, toPaging(query, movementSortable, movementOrder));
      return { content: await answers(db, page.content), totalElements: page.totalElements };
    },

    async part(id: number): Promise<PartRow> {
      const part = await repo.part(db, id);
      if (!part) throw notFound(noSuch('part', id));
      return part;
    },
  };
}

export type StockMovements = ReturnType<typeof createStockMovements>;
