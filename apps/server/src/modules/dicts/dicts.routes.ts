import { dictDetailRoutes as details, dictRoutes as routes } from '@water/contract/dicts-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerCrud } from '../../lib/crud-routes.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { DictsService } from './dicts.service.ts';

export async function dictsRoutes(app: FastifyInstance, { service }: { service: DictsService }) {
  contractRoute(app, routes.all, async () => service.all());
  registerCrud(app, routes, service);
  contractRoute(
    app,
    details.list,
    async (request, reply) => {
      const { query } = request;
      return sendReady(request, reply, await service.entriesAnswer(query), service.entriesAnswerInMemory(query));
    },
    // A ready answer is compressed once, when it is made (lib/ready-answer.ts).
    { compress: false },
  );
  contractRoute(app, details.byNames, async (request) => service.entriesByName(request.query.dictName));
  contractRoute(app, details.create, async (request) => {
    await service.createEntry(principalOf(request), request.body);
  });
  contractRoute(app, details.update, async (request) => {
    await service.updateEntry(principalOf(request), request.body);
  });
  contractRoute(app, details.remove, async (request) => {
    await service.removeEntry(request.params.id);
  });
}
