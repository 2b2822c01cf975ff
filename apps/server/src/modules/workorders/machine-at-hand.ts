import { MachineAtHand } from '@water/contract/work-orders';
import { inScope, type Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { noSuch, notFound } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { wireOf } from '../../lib/wire.ts';
import { isStaff, toWire, type WorkOrdersCore } from './work-orders-core.ts';
import { workOrdersRepository as repo, workOrderOrder } from './workorders.repository.ts';

/**
 * The machine a technician stands at, found by the code on its sticker (typed, or read by the
 * phone's camera): staff find those of their data scope; a technician those of their region and
 * those they hold an open order on. Anything else is 404, whether the code exists or not.
 */
export function createMachineAtHand({ db }: Pick<Deps, 'db'>, { core }: { core: Pick<WorkOrdersCore, 'reachOf'> }) {
  return async function atMachine(principal: Principal, code: string): Promise<MachineAtHand> {
    const machine = await repo.machineBySticker(db, code);
    const missing = () => notFound(noSuch('machine', code));
    if (!machine) throw missing();
    const reach = await core.reachOf(principal);
    const [orders, lastDone] = await Promise.all([
      repo.page(db, reach, { machineId: machine.id, open: true }, { offset: 0, limit: 50, orderBy: workOrderOrder }),
      repo.lastDone(db, machine.id),
    ]);
    const reachable = isStaff(principal)
      ? machine.deptId === null
        ? principal.scope === null
        : inScope(principal, machine.deptId)
      : orders.totalElements > 0 || (await repo.inRegion(db, principal.id, machine));
    if (!reachable) throw missing();
    return wireOf(MachineAtHand, {
      machineId: machine.id,
      serialNo: machine.serialNo,
      stickerCode: machine.stickerCode,
      siteName: machine.siteName,
      siteAddress: machine.siteAddress,
      latitude: machine.latitude,
      longitude: machine.longitude,
      online: machine.online,
      tdsOut: machine.tdsOut,
      lastServiced: formatDateTime(lastDone) ?? null,
      orders: orders.content.map((row) => toWire(row)),
    });
  };
}
