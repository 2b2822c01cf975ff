import { authRoutes as routes } from '@water/contract/auth-routes';
import { SIGN_IN_LOG_DESCRIPTION } from '@water/contract/constants';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../lib/authenticate.ts';
import { contractRoute } from '../../lib/contract-route.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  service: AuthService;
  /** Sign-in attempts per minute per IP address. */
  authRateLimit: number;
}

/** What a visitor reaches before signing in. */
export async function publicAuthRoutes(app: FastifyInstance, { service, authRateLimit }: AuthRoutesOptions) {
  const rateLimit = { max: authRateLimit, timeWindow: 60_000 };

  contractRoute(app, routes.captcha, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.captcha();
  });
  contractRoute(
    app,
    routes.login,
    async (request) => service.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    { config: { rateLimit, logAsUser: SIGN_IN_LOG_DESCRIPTION } },
  );
  contractRoute(
    app,
    routes.requestResetCode,
    async (request) => {
      await service.requestReset(request.body.account, languageOf(request.headers['accept-language']), request.log);
    },
    { config: { rateLimit } },
  );
  contractRoute(
    app,
    routes.resetPassword,
    async (request) => {
      await service.resetPassword(request.body);
    },
    { config: { rateLimit } },
  );
  contractRoute(app, routes.logout, async (request) => {
    await service.logout(bearerToken(request.headers.authorization));
  });
}

export async function authRoutes(app: FastifyInstance, { service }: { service: AuthService }) {
  contractRoute(app, routes.info, async (request) => service.info(principalOf(request)));
}
