import { ADMIN_PERMISSION } from '@water/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import { SessionStore } from '../modules/auth/session-store.ts';
import { bearerToken, TokenSigner } from '../modules/auth/token.ts';
import { loadPrincipal, type Principal } from '../modules/users/user-info.repository.ts';

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
    sessions: SessionStore;
    tokens: TokenSigner;
    principals: PrincipalCache;
    /** What each signed-in route requires, as registered: the route × permission table. */
    routePermissions: { method: string; url: string; permission: RoutePermission }[];
  }
  interface FastifyRequest {
    principal: Principal | null;
    sessionId: string | null;
  }
}

export class PrincipalCache {
  readonly #cache = new Map<number, Promise<Principal | undefined>>();

  constructor(private readonly app: FastifyInstance) {
    app.events.on('principals', (payload) => {
      if (payload === '*') this.#cache.clear();
      else this.#cache.delete((payload as { userId: number }).userId);
    });
  }

  get(userId: number): Promise<Principal | undefined> {
    let entry = this.#cache.get(userId);
    if (!entry) {
      entry = loadPrincipal(this.app.db, userId);
      entry.catch(() => this.#cache.delete(userId));
      this.#cache.set(userId, entry);
    }
    return entry;
  }

  /** Call after a change to a user, their roles, or the menus of their roles. */
  invalidate(userId?: number): Promise<void> {
    return this.app.events.publish('principals', userId === undefined ? '*' : { userId });
  }
}

export function hasPermission(principal: Principal, required: RoutePermission): boolean {
  if (required === 'signed-in') return true;
  if (principal.isAdmin || principal.permissions.has(ADMIN_PERMISSION)) return true;
  return required.some((permission) => principal.permissions.has(permission));
}

/** Signs the caller in from the token, or answers 401. */
async function authenticate(request: FastifyRequest): Promise<void> {
  const app = request.server;
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  const claims = await app.tokens.verify(token, app.clock.now());
  if (!claims) throw unauthorized();
  if (!(await app.sessions.touch(claims.sessionId, claims.userId))) throw unauthorized();
  const principal = await app.principals.get(claims.userId);
  if (!principal?.enabled) throw unauthorized();
  request.principal = principal;
  request.sessionId = claims.sessionId;
}

async function authorize(request: FastifyRequest): Promise<void> {
  const principal = request.principal as Principal;
  const config = request.routeOptions.config;
  if (principal.mustChangePassword && !config.duringPasswordChange)
    throw forbidden('Password change required', 'PASSWORD_CHANGE_REQUIRED');
  if (!hasPermission(principal, config.permission as RoutePermission)) throw forbidden();
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { jwtSecret: string }) => {
    app.decorate('tokens', new TokenSigner(options.jwtSecret));
    app.decorate('sessions', new SessionStore(app.db, app.clock, app.events));
    app.decorate('principals', new PrincipalCache(app));
    app.decorate('routePermissions', []);
    app.decorateRequest('principal', null);
    app.decorateRequest('sessionId', null);
  },
  { name: 'auth', dependencies: ['database', 'events'] },
);

/**
 * The context every signed-in route is registered in: deny by default, so a route that does not
 * declare its permission refuses to register.
 */
export async function signedInContext(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) throw new Error(`${route.method} ${route.url} must declare config.permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routePermissions.push({ method, url: route.url, permission });
    }
  });
  // Both run before the body is validated, so a caller without the right is told so first.
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', authorize);
}
