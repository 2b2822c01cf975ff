import { firmwareRoutes as routes } from '@water/contract/firmware-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { FirmwareService } from './firmware.service.ts';

const language = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** Firmware packages and rollouts, signed in with device:firmware (a machine's updates with device:list). */
export async function firmwareRoutes(app: FastifyInstance, { service }: { service: FirmwareService }) {
  contractRoute(app, routes.upload, async (request, reply) =>
    reply.code(201).send(await service.packages.upload(principalOf(request), request, request.query)),
  );
  contractRoute(app, routes.packages, async (request) => service.packages.list(request.query));
  contractRoute(app, routes.deletePackage, async (request) => service.packages.remove(request.params.id));
  contractRoute(app, routes.rollouts, async (request) => service.rollouts(request.query, language(request)));
  contractRoute(app, routes.rollout, async (request) => service.rollout(request.params.id, language(request)));
  contractRoute(app, routes.start, async (request, reply) =>
    reply.code(201).send(await service.start(principalOf(request), request.body, language(request))),
  );
  contractRoute(app, routes.act, async (request) =>
    service.act(principalOf(request), request.params.id, request.params.action, language(request)),
  );
  contractRoute(app, routes.updates, async (request) =>
    service.updates(principalOf(request), request.params.id, request.query),
  );
  contractRoute(app, routes.machineUpdates, async (request) =>
    service.machineUpdates(principalOf(request), request.params.id, request.query),
  );
}
