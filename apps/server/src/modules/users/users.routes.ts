import { userRoutes as routes } from '@water/contract/users-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerCrud } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, { service }: { service: UsersService }) {
  registerCrud(app, routes, service);
  contractRoute(app, routes.resetPasswords, async (request) => {
    await service.resetPasswords(principalOf(request), request.body);
  });
}
