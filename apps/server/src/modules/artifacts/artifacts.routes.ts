import { artifactRoutes as routes } from '@water/contract/artifacts-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { ArtifactsService } from './artifacts.service.ts';

export async function artifactsRoutes(app: FastifyInstance, { service }: { service: ArtifactsService }) {
  for (const [route, kind] of [
    [routes.uploadDeploy, 'deploy'],
    [routes.uploadDatabase, 'database'],
  ] as const) {
    contractRoute(app, route, async (request) =>
      service.upload(principalOf(request), request, kind, request.query.notes),
    );
  }
  contractRoute(app, routes.list, async (request) => service.list(principalOf(request), request.query));
  contractRoute(app, routes.file, async (request, reply) =>
    service.send(principalOf(request), reply, request.params.id),
  );
}
