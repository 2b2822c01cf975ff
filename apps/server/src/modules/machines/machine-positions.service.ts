import {
  type FleetMap,
  type FleetMapQuery,
  healthOf,
  type MapMachine,
  type MapSite,
  type NearMachine,
  type NearQuery,
} from '@water/contract/map';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { type PositionRow, machinePositionsRepository as repo } from './machine-positions.repository.ts';

type Placed<R extends PositionRow = PositionRow> = R & {
  siteId: number;
  siteName: string;
  longitude: string;
  latitude: string;
};

const placed = <R extends PositionRow>(row: R): row is Placed<R> =>
  row.siteId !== null && row.siteName !== null && row.longitude !== null && row.latitude !== null;

function mapMachine(row: Placed): MapMachine {
  return {
    id: row.id,
    serialNo: row.serialNo,
    stickerCode: row.stickerCode,
    modelName: row.modelName,
    agentName: row.agentName,
    siteId: row.siteId,
    siteName: row.siteName,
    lifecycle: row.lifecycle,
    online: row.online,
    alarms: row.alarms,
    health: healthOf(row),
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
  };
}

/** The sites the machines stand at, each with how many of them. */
function sitesOf(rows: readonly Placed[]): MapSite[] {
  const byId = new Map<number, MapSite>();
  for (const row of rows) {
    const site = byId.get(row.siteId);
    if (site) site.machines += 1;
    else
      byId.set(row.siteId, {
        id: row.siteId,
        name: row.siteName,
        address: row.siteAddress ?? '',
        agentName: row.agentName,
        machines: 1,
        longitude: Number(row.longitude),
        latitude: Number(row.latitude),
      });
  }
  return [...byId.values()];
}

/** The fleet where it stands: positions are the sites' (WGS-84), so a machine moves with its installation. */
export function createMachinePositions({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /** The machines of the filter in the caller's scope on the map, with their sites; the rest counted. */
    async fleetMap(principal: Principal, { health, ...query }: FleetMapQuery): Promise<FleetMap> {
      const rows = (await repo.positions(db, principal.scope, query, clock.now())).filter(
        (row) => health === undefined || healthOf(row) === health,
      );
      const onMap = rows.filter(placed);
      return { machines: onMap.map(mapMachine), sites: sitesOf(onMap), unplaced: rows.length - onMap.length };
    },

    /** The machines in the caller's scope around a point, nearest first. */
    async near(principal: Principal, query: NearQuery): Promise<NearMachine[]> {
      const rows = await repo.nearest(db, principal.scope, query, clock.now());
      return rows.filter(placed).map((row) => ({ ...mapMachine(row), distance: row.distance }));
    },
  };
}
