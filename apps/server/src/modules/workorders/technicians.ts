import { WORK_ORDER_PERMISSIONS as P, Technician, type TechnicianRegionInput } from '@water/contract/work-orders';
import type { Deps } from '../../lib/deps.ts';
import { invalidField, noSuch, notFound, unknownRecord } from '../../lib/http-errors.ts';
import { wireMapper } from '../../lib/wire.ts';
import { workOrdersRepository as repo } from './workorders.repository.ts';

const toWire = wireMapper(Technician);

/** The technicians (users who hold workorder:work) and where each works. */
export function createTechnicians({ db }: Pick<Deps, 'db'>) {
  return {
    async list(): Promise<Technician[]> {
      const holders = await repo.holders(db, P.work);
      const { regions, open } = await repo.regionsOf(
        db,
        holders.map((user) => user.id),
      );
      return holders.map((user) => {
        const mine = regions.filter((region) => region.userId === user.id);
        const agent = mine.find((region) => region.agentId !== 0);
        const sites = mine.filter((region) => region.siteId !== 0);
        return toWire({
          userId: user.id,
          username: user.username,
          nickName: user.nickName,
          agentId: agent?.agentId ?? null,
          agentName: agent?.agentName ?? null,
          siteIds: sites.map((site) => site.siteId),
          siteNames: sites.map((site) => site.siteName ?? String(site.siteId)),
          openOrders: open.get(user.id) ?? 0,
        });
      });
    },

    /** A technician's region: an agent, or some sites (none: no region, assigned by hand only). */
    async setRegion(userId: number, input: TechnicianRegionInput): Promise<void> {
      const siteIds = [...new Set(input.siteIds)];
      if (input.agentId !== null && siteIds.length > 0) {
        throw invalidField('siteIds', { key: 'errors.workOrders.regionBoth' }, 'invalid');
      }
      await db.transaction(async (tx) => {
        const [holder] = await repo.holders(tx, P.work, [userId]);
        if (!holder) throw notFound(noSuch('user', userId));
        if (input.agentId !== null && !(await repo.agentExists(tx, input.agentId))) {
          throw invalidField('agentId', unknownRecord('agent', input.agentId), 'invalid');
        }
        const found = await repo.existingSites(tx, siteIds);
        const missing = siteIds.findIndex((id) => !found.includes(id));
        if (missing >= 0) {
          throw invalidField(`siteIds.${missing}`, unknownRecord('site', siteIds[missing] as number), 'invalid');
        }
        await repo.setRegion(tx, userId, input.agentId, siteIds);
      });
    },
  };
}
