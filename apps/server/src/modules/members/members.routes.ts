import { memberRoutes as routes } from '@water/contract/members-routes';
import type { FastifyInstance } from 'fastify';
import { registerList } from '../../lib/crud-routes.ts';
import type { MembersService } from './members.service.ts';

export async function membersRoutes(app: FastifyInstance, { service }: { service: MembersService }) {
  registerList(app, routes, service);
}
