import { notificationsRoutes as routes } from '@water/contract/notifications-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { NotificationsService } from './notifications.service.ts';

/** Notification channels, rules and the delivery log, signed in with notify:list / notify:edit. */
export async function notificationsRoutes(app: FastifyInstance, { service }: { service: NotificationsService }) {
  contractRoute(app, routes.channels, async (request) => service.channels(request.query));
  contractRoute(app, routes.addChannel, async (request, reply) =>
    reply.code(201).send(await service.addChannel(request.body)),
  );
  contractRoute(app, routes.editChannel, async (request) => service.editChannel(request.params.id, request.body));
  contractRoute(app, routes.deleteChannel, async (request) => service.removeChannel(request.params.id));
  contractRoute(app, routes.testChannel, async (request) => service.testChannel(request.params.id));
  contractRoute(app, routes.rules, async (request) => service.rules(principalOf(request), request.query));
  contractRoute(app, routes.addRule, async (request, reply) =>
    reply.code(201).send(await service.addRule(principalOf(request), request.body)),
  );
  contractRoute(app, routes.editRule, async (request) =>
    service.editRule(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.deleteRule, async (request) => service.removeRule(principalOf(request), request.params.id));
  contractRoute(app, routes.deliveries, async (request) => service.deliveries(request.query));
}
