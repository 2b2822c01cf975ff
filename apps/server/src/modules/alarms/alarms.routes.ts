import { alarmRoutes as routes } from '@water/contract/alarms-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerList } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AlarmsService } from './alarms.service.ts';

export async function alarmsRoutes(app: FastifyInstance, { service }: { service: AlarmsService }) {
  registerList(app, routes, service);
  contractRoute(app, routes.act, async (request) => {
    await service.act(principalOf(request), request.body);
  });
}
