import Type, { type Static } from 'typebox';
import { OneOf } from './common.ts';
import { LIFECYCLES, MachineQuery } from './machines.ts';

/** The permission of the fleet's map (its page and its calls). */
export const MAP_PERMISSIONS = { list: 'map:list' } as const;

/**
 * How a machine on the map is doing, which colours its marker: `SELLING` (operating, online, no
 * open alarm), `OFFLINE` (operating but silent), `ALARM` (operating, online, an open alarm) or
 * `MAINTENANCE` (installed but suspended, or not yet operating).
 */
export const HEALTHS = ['SELLING', 'OFFLINE', 'ALARM', 'MAINTENANCE'] as const;
export type Health = (typeof HEALTHS)[number];

/** A machine's health from its lifecycle, connection and open alarms (in this order). */
export function healthOf(machine: { lifecycle: string; online: boolean; alarms: number }): Health {
  if (machine.lifecycle !== 'OPERATING') return 'MAINTENANCE';
  if (!machine.online) return 'OFFLINE';
  return machine.alarms > 0 ? 'ALARM' : 'SELLING';
}

/** Degrees of a position, WGS-84 (as GPS gives them); the map converts them for GCJ-02 tiles. */
const Longitude = Type.Number({ minimum: -180, maximum: 180 });
const Latitude = Type.Number({ minimum: -90, maximum: 90 });

/** A machine where its site stands (no money: technicians read it too). */
export const MapMachine = Type.Object({
  id: Type.Integer(),
  serialNo: Type.String(),
  stickerCode: Type.String(),
  modelName: Type.String(),
  agentName: Type.Union([Type.String(), Type.Null()]),
  siteId: Type.Integer(),
  siteName: Type.String(),
  lifecycle: OneOf(LIFECYCLES),
  online: Type.Boolean(),
  /** Open (not yet resolved) alarms. */
  alarms: Type.Integer(),
  health: OneOf(HEALTHS),
  longitude: Longitude,
  latitude: Latitude,
});
export type MapMachine = Static<typeof MapMachine>;

/** A site with a position, and how many of the answer's machines stand there. */
export const MapSite = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  agentName: Type.Union([Type.String(), Type.Null()]),
  machines: Type.Integer(),
  longitude: Longitude,
  latitude: Latitude,
});
export type MapSite = Static<typeof MapSite>;

/** The fleet on the map: machines at sites with a position, those sites, and how many matched without one. */
export const FleetMap = Type.Object({
  machines: Type.Array(MapMachine),
  sites: Type.Array(MapSite),
  /** Machines of the filter whose site has no position (or that stand at no site). */
  unplaced: Type.Integer(),
});
export type FleetMap = Static<typeof FleetMap>;

/** The machines page's filters, without its paging. */
export const FleetMapQuery = Type.Object({
  blurry: MachineQuery.properties.blurry,
  lifecycle: MachineQuery.properties.lifecycle,
  online: MachineQuery.properties.online,
  agentId: MachineQuery.properties.agentId,
  modelId: MachineQuery.properties.modelId,
  siteId: MachineQuery.properties.siteId,
  health: Type.Optional(OneOf(HEALTHS)),
});
export type FleetMapQuery = Static<typeof FleetMapQuery>;

/** The most machines one "near here" answers, and the farthest it looks (metres). */
export const NEAR_LIMIT_MAX = 100;
export const NEAR_RADIUS_MAX = 200_000;

export const NearQuery = Type.Object({
  longitude: Longitude,
  latitude: Latitude,
  /** Metres around the point. */
  radius: Type.Integer({ minimum: 1, maximum: NEAR_RADIUS_MAX, default: 5000 }),
  limit: Type.Integer({ minimum: 1, maximum: NEAR_LIMIT_MAX, default: 20 }),
});
export type NearQuery = Static<typeof NearQuery>;

/** A machine near the point, with its distance from it (metres, great circle). */
export const NearMachine = Type.Object({ ...MapMachine.properties, distance: Type.Integer() });
export type NearMachine = Static<typeof NearMachine>;
