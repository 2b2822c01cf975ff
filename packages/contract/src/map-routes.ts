import Type from 'typebox';
import { authErrors, ErrorBody } from './common.ts';
import { FleetMap, FleetMapQuery, NearMachine, NearQuery, MAP_PERMISSIONS as P } from './map.ts';
import { defineRoute } from './route.ts';

const tags = ['map'];

export const mapRoutes = {
  fleet: defineRoute({
    method: 'GET',
    path: '/api/map/machines',
    summary:
      'The machines within the caller’s data scope that stand at a site with a position, with their health, and those sites',
    tags,
    permission: [P.list],
    query: FleetMapQuery,
    replies: { 200: FleetMap, 400: ErrorBody, ...authErrors },
  }),
  near: defineRoute({
    method: 'GET',
    path: '/api/map/near',
    summary: 'The machines within the caller’s data scope within `radius` metres of a WGS-84 point, nearest first',
    tags,
    permission: [P.list],
    query: NearQuery,
    replies: { 200: Type.Array(NearMachine), 400: ErrorBody, ...authErrors },
  }),
  amap: defineRoute({
    method: 'GET',
    path: '/api/map/amap/*',
    summary:
      'AMap’s web services (restapi.amap.com: geocoding, places, …) as the AMap JS API’s serviceHost: the call forwarded with the server’s security code (jscode) added',
    tags,
    permission: [P.list],
    // A pass-through for the AMap JS API (docs/map.md), not a call of the console's own.
    hide: true,
    replies: { 200: Type.Unknown(), 400: ErrorBody, 404: ErrorBody, 503: ErrorBody, ...authErrors },
  }),
};
