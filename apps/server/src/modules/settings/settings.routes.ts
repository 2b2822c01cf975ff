import { settingRoutes as routes } from '@water/contract/settings-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { SettingsService } from './settings.service.ts';

/** `GET api/global/setting`: public, read before anyone signs in. */
export async function publicSettingsRoutes(app: FastifyInstance, { service }: { service: SettingsService }) {
  contractRoute(app, routes.get, async (request) => service.get(request.query));
}

export async function settingsRoutes(app: FastifyInstance, { service }: { service: SettingsService }) {
  contractRoute(app, routes.save, async (request) => {
    await service.save(principalOf(request), request.query, request.body);
  });
}
