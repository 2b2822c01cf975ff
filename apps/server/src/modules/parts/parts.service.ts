import type { StockLine } from '@water/contract/parts';
import { Part, type PartInput, Warehouse, type WarehouseInput } from '@water/contract/parts';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, noSuch, notFound, takenBy } from '../../lib/http-errors.ts';
import { wireMapper, wireOf } from '../../lib/wire.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { type PartRow, partsRepository as repo } from './parts.repository.ts';
import { createStockMovements } from './stock-movements.ts';

export type PartsService = ReturnType<typeof createPartsService>;

const toWarehouse = wireMapper(Warehouse);
const partAnswer = (part: PartRow, warehouseStock: number) =>
  wireOf(Part, { ...part, warehouseStock, low: warehouseStock <= part.reorderPoint });

/**
 * Parts and stock: the catalogue and warehouses, what each warehouse and technician holds, and its
 * movements; work orders take the parts they used through `movements.useOnOrder`.
 */
export function createPartsService(
  deps: Pick<Deps, 'db' | 'clock'>,
  needs: { notify: NotificationsService['notify'] },
) {
  const { db } = deps;
  const movements = createStockMovements(deps, needs);

  function fieldsOf(input: PartInput) {
    return {
      code: input.code.trim(),
      name: input.name.trim(),
      kind: input.kind,
      stage: input.kind === 'FILTER' ? input.stage?.trim() || null : null,
      unit: input.unit.trim(),
      reorderPoint: input.reorderPoint,
    };
  }

  async function checkCode(code: string, exceptId?: number): Promise<void> {
    if (await repo.codeTaken(db, code, exceptId)) throw invalidField('code', takenBy('part', code), 'taken');
  }

  return {
    movements,

    async parts(): Promise<Part[]> {
      const rows = await repo.parts(db);
      return rows.map(({ part, warehouseStock }) => partAnswer(part, warehouseStock));
    },

    async addPart(input: PartInput): Promise<Part> {
      const fields = fieldsOf(input);
      await checkCode(fields.code);
      // Nothing in stock yet: a new part is low from the start, and no alert is raised for it.
      const row = await repo.insertPart(db, { ...fields, low: true });
      return partAnswer(row, 0);
    },

    async editPart(id: number, input: PartInput): Promise<Part> {
      const fields = fieldsOf(input);
      await checkCode(fields.code, id);
      return db.transaction(async (tx) => {
        if (!(await repo.lockPart(tx, id))) throw notFound(noSuch('part', id));
        const row = (await repo.updatePart(tx, id, fields)) as PartRow;
        await movements.checkLow(tx, row);
        return partAnswer(row, await repo.warehouseTotal(tx, id));
      });
    },

    async warehouses(): Promise<Warehouse[]> {
      return (await repo.warehouses(db)).map(toWarehouse);
    },

    async addWarehouse(input: WarehouseInput): Promise<Warehouse> {
      return toWarehouse(await repo.insertWarehouse(db, { name: input.name.trim(), address: input.address ?? '' }));
    },

    async editWarehouse(id: number, input: WarehouseInput): Promise<Warehouse> {
      const row = await repo.updateWarehouse(db, id, { name: input.name.trim(), address: input.address ?? '' });
      if (!row) throw notFound(noSuch('warehouse', id));
      return toWarehouse(row);
    },

    /** What the caller holds: a technician's own stock. */
    async myStock(principal: Principal): Promise<StockLine[]> {
      return movements.stock({ holderKind: 'TECHNICIAN', holderId: principal.id });
    },
  };
}
