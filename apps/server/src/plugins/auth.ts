import { CONSOLE_CLIENT_HEADER } from '@water/contract/constants';
import { hasAnyPermission } from '@water/contract/permissions';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../domain/principal.ts';
import { authenticate, bearerToken } from '../lib/authenticate.ts';
import { forbidden, type HttpError, unauthorized } from '../lib/http-errors.ts';

/**
 * What a signed-in route requires: any signed-in user, or one of the listed permission strings
 * (`admin` passes every check).
 */
export type RoutePermission = 'signed-in' | readonly [string, ...string[]];

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** Reachable by a user who must first replace a default password. */
    duringPasswordChange?: boolean;
  }
  interface FastifyInstance {
    /** LEGACY_SKIP_PASSWORD_CHANGE: requests of existing clients pass while a password must be changed. */
    legacyClientsSkipPasswordChange: boolean;
    /** Set in the signed-in context, where only routes that name who may call them belong. */
    signedInOnly?: true;
    /** What each signed-in route requires, as registered: the route × permission table. */
    routePermissions: { method: string; url: string; permission: RoutePermission }[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    sessionId: string | null;
  }
}

function hasPermission(principal: Principal, required: RoutePermission): boolean {
  if (required === 'signed-in' || principal.isAdmin) return true;
  return hasAnyPermission(principal.permissions, required);
}

/** Why a signed-in principal may not call a route of that configuration, or undefined when it may. */
export function refusal(
  principal: Principal,
  config: FastifyContextConfig,
  passwordChangeWaived = false,
): HttpError | undefined {
  if (principal.mustChangePassword && !config.duringPasswordChange && !passwordChangeWaived) {
    return forbidden({ key: 'errors.auth.passwordChangeRequired' }, 'PASSWORD_CHANGE_REQUIRED');
  }
  if (!hasPermission(principal, config.permission as RoutePermission)) return forbidden();
  return undefined;
}

/** Signs the caller in from the token, or answers 401; then checks the route's permission, or answers 403. */
async function authenticateRequest(request: FastifyRequest): Promise<void> {
  const signedIn = await authenticate(request.server, bearerToken(request.headers.authorization));
  if (!signedIn) throw unauthorized();
  const { principal } = signedIn;
  request.principal = principal;
  request.sessionId = signedIn.sessionId;
  const waived =
    request.server.legacyClientsSkipPasswordChange &&
    request.headers[CONSOLE_CLIENT_HEADER.toLowerCase()] === undefined;
  const refused = refusal(principal, request.routeOptions.config, waived);
  if (refused) throw refused;
}

export const authPlugin = fp(
  async (app: FastifyInstance, { legacyClientsSkipPasswordChange }: { legacyClientsSkipPasswordChange: boolean }) => {
    app.decorate('legacyClientsSkipPasswordChange', legacyClientsSkipPasswordChange);
    app.decorate('routePermissions', []);
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionId', null);
  },
  { name: 'auth', dependencies: ['core'] },
);

/**
 * The context every signed-in route is registered in: deny by default, so a route that does not
 * declare its permission refuses to register.
 */
export async function signedInContext(app: FastifyInstance): Promise<void> {
  app.decorate('signedInOnly', true);
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`${route.method} ${route.url} must declare config.permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routePermissions.push({ method, url: route.url, permission });
    }
  });
  // Before the body is validated, so a caller without the right is told so first.
  app.addHook('onRequest', authenticateRequest);
}

/** The signed-in principal of a request in the signed-in context. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
