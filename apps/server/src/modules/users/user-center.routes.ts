import { userCenterRoutes as routes, userRoutes } from '@water/contract/users-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { UserCenterService } from './user-center.service.ts';

export interface UserCenterRoutesOptions {
  service: UserCenterService;
}

/** `GET /avatar/<name>`: public, because `<img>` sends no token; the names are random 128-bit values. */
export async function publicAvatarRoutes(app: FastifyInstance, { service }: UserCenterRoutesOptions) {
  contractRoute(app, userRoutes.avatar, async (request, reply) => service.sendAvatar(reply, request.params.name));
}

/** The signed-in user's own account: profile, password, avatar and e-mail address. */
export async function userCenterRoutes(app: FastifyInstance, { service }: UserCenterRoutesOptions) {
  contractRoute(app, routes.updateProfile, async (request) => {
    await service.updateProfile(principalOf(request), request.body);
  });
  contractRoute(app, routes.updatePassword, async (request) => {
    await service.updatePassword(principalOf(request), request.sessionId as string, request.body);
  });
  contractRoute(app, routes.updateAvatar, async (request) => service.uploadAvatar(principalOf(request), request));
  for (const route of [routes.sendEmailCode, routes.sendEmailCodeEladmin]) {
    contractRoute(app, route, async (request) => {
      const language = languageOf(request.headers['accept-language']);
      await service.sendEmailCode(principalOf(request), request.query.email, language, request.log);
    });
  }
  contractRoute(app, routes.updateEmail, async (request) => {
    await service.updateEmail(principalOf(request), request.params.code, request.body);
  });
}
