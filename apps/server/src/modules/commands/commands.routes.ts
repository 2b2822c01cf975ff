import { commandRoutes as routes } from '@water/contract/commands-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { CommandsService } from './commands.service.ts';

export async function commandsRoutes(app: FastifyInstance, { service }: { service: CommandsService }) {
  contractRoute(app, routes.list, async (request) =>
    service.list(principalOf(request), request.params.id, request.query),
  );
  contractRoute(app, routes.send, async (request, reply) =>
    reply.code(201).send(await service.send(principalOf(request), request.params.id, request.body)),
  );
  contractRoute(app, routes.cancel, async (request) => service.cancel(principalOf(request), request.params.id));
  contractRoute(app, routes.sendBatch, async (request, reply) =>
    reply.code(201).send(await service.sendBatch(principalOf(request), request.body)),
  );
  contractRoute(app, routes.batch, async (request) => service.batch(principalOf(request), request.params.id));
  contractRoute(app, routes.settings, async (request) => service.settings(principalOf(request), request.params.id));
  contractRoute(app, routes.editSettings, async (request) =>
    service.editSettings(principalOf(request), request.params.id, request.body),
  );
}
