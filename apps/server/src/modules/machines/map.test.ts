import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeAgent,
  machineModel,
  operatingMachine,
  siteOf,
  staffOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, useTestApp } from '../../../test/test-app.ts';

/** The sphere `earthdistance` measures on (its `earth()`), in metres. */
const EARTH_RADIUS = 6_378_168;

/** The great-circle distance between two WGS-84 points on that sphere. */
function metres(a: readonly [number, number], b: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const [lon1, lat1] = [a[0] * rad, a[1] * rad];
  const [lon2, lat2] = [b[0] * rad, b[1] * rad];
  const h = Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.sqrt(h));
}

/** People's Square, Shanghai: the point the tests look around. */
const CENTRE: [number, number] = [121.4737, 31.2304];

describe('the fleet’s map and the machines near a point', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let agent: { id: number; deptId: number };
  let other: { id: number; deptId: number };
  const machines: Record<'near' | 'farther' | 'outside' | 'otherAgent' | 'unplaced', number> = {
    near: 0,
    farther: 0,
    outside: 0,
    otherAgent: 0,
    unplaced: 0,
  };
  const positions = { near: [121.48, 31.2304], farther: [121.5, 31.2304], outside: [121.6, 31.3] } as const;

  async function placedSite(agentId: number, [longitude, latitude]: readonly [number, number]) {
    const name = unique('Mapped site ');
    const created = await admin('POST', '/api/sites', {
      agentId,
      name,
      type: 'RESIDENTIAL',
      address: '1 Map Road',
      feeType: 'RENT',
      feeValue: 0,
      longitude: longitude.toFixed(6),
      latitude: latitude.toFixed(6),
    });
    expect(created.statusCode, created.body).toBe(201);
    return (await admin('GET', `/api/sites?blurry=${encodeURIComponent(name)}`)).json().content[0] as { id: number };
  }

  beforeAll(async () => {
    const modelId = (await machineModel(admin)).id;
    agent = await activeAgent(admin, unique('Map agent '), { quota: 10 });
    other = await activeAgent(admin, unique('Other map agent '), { quota: 10 });
    for (const key of ['near', 'farther', 'outside'] as const) {
      const site = await placedSite(agent.id, positions[key]);
      machines[key] = (await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id })).id;
    }
    const otherSite = await placedSite(other.id, [121.4738, 31.2304]);
    machines.otherAgent = (await operatingMachine(admin, { modelId, agentId: other.id, siteId: otherSite.id })).id;
    const bare = await siteOf(admin, agent.id);
    machines.unplaced = (await operatingMachine(admin, { modelId, agentId: agent.id, siteId: bare.id })).id;
  });

  it('answers the machines around a point nearest first, with their distance in metres', async () => {
    const [longitude, latitude] = CENTRE;
    const answer = await admin('GET', `/api/map/near?longitude=${longitude}&latitude=${latitude}&radius=5000`);
    expect(answer.statusCode, answer.body).toBe(200);
    const found = answer.json() as { id: number; distance: number; longitude: number; health: string }[];
    expect(found.map((machine) => machine.id)).toEqual([machines.otherAgent, machines.near, machines.farther]);
    expect(found[1]?.distance).toBeCloseTo(metres(CENTRE, positions.near), -1);
    expect(found[2]?.distance).toBeCloseTo(metres(CENTRE, positions.farther), -1);
    expect(found[1]?.longitude).toBe(121.48);
    // Operating, but it never reported: offline.
    expect(found[1]?.health).toBe('OFFLINE');

    const wider = (
      await admin('GET', `/api/map/near?longitude=${longitude}&latitude=${latitude}&radius=20000&limit=4`)
    ).json();
    expect(wider.map((machine: { id: number }) => machine.id)).toEqual([
      machines.otherAgent,
      machines.near,
      machines.farther,
      machines.outside,
    ]);
    const one = (await admin('GET', `/api/map/near?longitude=${longitude}&latitude=${latitude}&limit=1`)).json();
    expect(one).toHaveLength(1);
  });

  it('shows an agent’s staff only their own machines, on the map and near a point', async () => {
    const staff = await staffOf(ctx.t, admin, agent.deptId, 'Agent manager');
    const [longitude, latitude] = CENTRE;
    const near = (await staff('GET', `/api/map/near?longitude=${longitude}&latitude=${latitude}&radius=20000`)).json();
    expect(near.map((machine: { id: number }) => machine.id)).toEqual([
      machines.near,
      machines.farther,
      machines.outside,
    ]);

    const map = await staff('GET', '/api/map/machines');
    expect(map.statusCode, map.body).toBe(200);
    const fleet = map.json() as { machines: { id: number }[]; sites: { machines: number }[]; unplaced: number };
    expect(fleet.machines.map((machine) => machine.id).sort((a, b) => a - b)).toEqual(
      [machines.near, machines.farther, machines.outside].sort((a, b) => a - b),
    );
    expect(fleet.sites).toHaveLength(3);
    expect(fleet.unplaced).toBe(1);
    // Nothing of money on the map's answers.
    expect(map.body).not.toMatch(/paid|fen|amount|sales/i);
  });

  it('filters the map as the machines page does, and by health', async () => {
    const ofAgent = (await admin('GET', `/api/map/machines?agentId=${other.id}`)).json();
    expect(ofAgent.machines.map((machine: { id: number }) => machine.id)).toEqual([machines.otherAgent]);
    expect(ofAgent.sites).toEqual([expect.objectContaining({ machines: 1, longitude: 121.4738, latitude: 31.2304 })]);
    const selling = (await admin('GET', `/api/map/machines?agentId=${agent.id}&health=SELLING`)).json();
    expect(selling).toEqual({ machines: [], sites: [], unplaced: 0 });
    const offline = (await admin('GET', `/api/map/machines?agentId=${agent.id}&health=OFFLINE`)).json();
    expect(offline.machines).toHaveLength(3);
    expect(offline.unplaced).toBe(1);
  });

  it('refuses a point off the Earth, a radius out of range and made-up filters with a 400', async () => {
    for (const query of [
      'longitude=181&latitude=31',
      'longitude=121&latitude=-91',
      'latitude=31',
      'longitude=abc&latitude=31',
      'longitude=121&latitude=31&radius=0',
      'longitude=121&latitude=31&radius=200001',
      'longitude=121&latitude=31&limit=101',
    ]) {
      const answer = await admin('GET', `/api/map/near?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ status: 400 });
    }
    expect((await admin('GET', '/api/map/machines?health=BROKEN')).statusCode).toBe(400);
  });

  it('is refused without the map’s permission', async () => {
    const user = await staffOf(ctx.t, admin, agent.deptId, 'User');
    expect((await user('GET', '/api/map/machines')).statusCode).toBe(403);
    expect((await user('GET', `/api/map/near?longitude=${CENTRE[0]}&latitude=${CENTRE[1]}`)).statusCode).toBe(403);
  });
});
