import { taskRoutes as routes } from '@water/contract/tasks-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { TasksService } from './tasks.service.ts';

/** The caller's background tasks (the jobs drawer). */
export async function tasksRoutes(app: FastifyInstance, { service }: { service: TasksService }) {
  contractRoute(app, routes.mine, async (request) =>
    service.mine(principalOf(request), languageOf(request.headers['accept-language'])),
  );
  contractRoute(app, routes.retry, async (request) =>
    service.retry(principalOf(request), request.params.id, languageOf(request.headers['accept-language'])),
  );
}
