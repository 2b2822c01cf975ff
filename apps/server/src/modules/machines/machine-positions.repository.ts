import type { FleetMapQuery, NearQuery } from '@water/contract/map';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { agents } from '../agents/agents.read-model.ts';
import { alarms } from '../alarms/alarms.read-model.ts';
import { depts } from '../depts/depts.read-model.ts';
import { sites } from '../sites/sites.read-model.ts';
import { matchingMachines } from './machines.repository.ts';
import { machineModels, machines } from './machines.schema.ts';

/** A site's position as PostgreSQL's `earthdistance` takes it (a point of the `cube` extension). */
const siteEarth = sql`ll_to_earth(${sites.latitude}::float8, ${sites.longitude}::float8)`;

const positionColumns = {
  id: machines.id,
  serialNo: machines.serialNo,
  stickerCode: machines.stickerCode,
  modelName: machineModels.name,
  agentName: depts.name,
  siteId: machines.siteId,
  siteName: sites.name,
  siteAddress: sites.address,
  lifecycle: machines.lifecycle,
  online: machines.online,
  longitude: sql<string | null>`${sites.longitude}`,
  latitude: sql<string | null>`${sites.latitude}`,
  alarms: sql<number>`(SELECT count(*) FROM ${alarms} a WHERE a.machine_id = ${machines.id} AND a.state <> 'RESOLVED')::int`,
};

function selectPositions<E extends Record<string, SQL>>(db: Database, extra: E) {
  return db
    .select({ ...positionColumns, ...extra })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.id, machines.modelId))
    .leftJoin(agents, eq(agents.id, machines.agentId))
    .leftJoin(depts, eq(depts.id, agents.deptId))
    .leftJoin(sites, eq(sites.id, machines.siteId))
    .$dynamic();
}

export type PositionRow = Awaited<ReturnType<typeof machinePositionsRepository.positions>>[number];

/** Where machines stand: their sites' positions (WGS-84), for the fleet's map and "near here". */
export const machinePositionsRepository = {
  /** Every machine of the filter in the scope, with its site's position when it has one. */
  positions: async (db: Database, scope: ReadonlySet<number> | null, query: FleetMapQuery, now: Date) =>
    selectPositions(db, {})
      .where(matchingMachines(scope, query, now))
      .orderBy(asc(machines.id)),

  /** The machines in the scope within `radius` metres of the point, nearest first, with their distance. */
  nearest: async (db: Database, scope: ReadonlySet<number> | null, near: NearQuery, now: Date) => {
    const point = sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;
    const distance = sql<number>`round(earth_distance(${siteEarth}, ${point}))::int`;
    return selectPositions(db, { distance })
      .where(
        and(
          matchingMachines(scope, {}, now),
          isNotNull(sites.latitude),
          isNotNull(sites.longitude),
          // The box finds the candidates (and may use an index), the distance keeps those inside the circle.
          sql`earth_box(${point}, ${near.radius}::float8) @> ${siteEarth}`,
          sql`earth_distance(${siteEarth}, ${point}) <= ${near.radius}::float8`,
        ),
      )
      .orderBy(sql`earth_distance(${siteEarth}, ${point})`, asc(machines.id))
      .limit(near.limit);
  },
};
