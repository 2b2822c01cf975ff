import { exportRoutes as routes } from '@water/contract/exports-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { ExportsService } from './exports.service.ts';

/** The caller's background exports: the list, and each finished workbook. */
export async function exportsRoutes(app: FastifyInstance, { service }: { service: ExportsService }) {
  contractRoute(app, routes.mine, async (request) =>
    service.mine(principalOf(request), languageOf(request.headers['accept-language'])),
  );
  contractRoute(app, routes.file, async (request, reply) =>
    service.send(principalOf(request), request.params.id, reply),
  );
}
