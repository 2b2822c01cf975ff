import { onlineRoutes as routes } from '@water/contract/online-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { sheetIn } from '../../lib/list-sheet.ts';
import { languageOf } from '../../lib/texts.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { OnlineService } from './online.service.ts';

export async function onlineRoutes(app: FastifyInstance, { service }: { service: OnlineService }) {
  contractRoute(app, routes.list, async (request) => service.list(principalOf(request), request.query));
  contractRoute(app, routes.export, async (request, reply) =>
    sendXlsx(
      reply,
      sheetIn(
        await service.exportSheet(principalOf(request), request.query),
        languageOf(request.headers['accept-language']),
      ),
      app.clock.now(),
    ),
  );
  contractRoute(app, routes.kick, async (request) => {
    await service.kick(principalOf(request), request.body);
  });
}
