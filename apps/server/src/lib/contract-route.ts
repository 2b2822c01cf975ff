import {
  NOT_JSON,
  type RouteBody,
  type RouteDeclaration,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
  successStatus,
} from '@water/contract/route';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  LogLevel,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { TSchema } from 'typebox';

/** The request of a declared route: its params, query and body as the declaration types them. */
export type ContractRequest<D extends RouteDeclaration> = FastifyRequest<{
  Params: RouteParams<D>;
  Querystring: RouteQuery<D>;
  Body: RouteBody<D>;
}>;

/**
 * What a handler answers: the success body (sent with the declared success status), nothing for
 * an empty one, or the reply when it sent the answer itself (a file, a redirect, a status that
 * depends on the outcome).
 */
export type ContractAnswer<D extends RouteDeclaration> =
  // biome-ignore lint/suspicious/noConfusingVoidType: the handler of an empty answer returns nothing
  ([RouteReply<D>] extends [undefined] ? void : RouteReply<D>) | FastifyReply;

export type ContractHandler<D extends RouteDeclaration> = (
  request: ContractRequest<D>,
  reply: FastifyReply,
) => Promise<ContractAnswer<D>>;

/** What the server adds to a declaration for itself: hooks and settings the contract does not describe. */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'permission' | 'duringPasswordChange'>;
  logLevel?: LogLevel;
  /** False where the handler sends an answer compressed beforehand (lib/ready-answer.ts). */
  compress?: false;
  preValidation?: preValidationAsyncHookHandler;
  /**
   * A read that a streaming replica may serve (lists, exports, reports, dashboards), when there is
   * one (DATABASE_READ_URL) and it has replayed the caller's own latest write (db/read-replica.ts).
   */
  readsReplica?: true;
}

/** The Fastify schema of a declaration; answers that are not JSON (files, redirects) are not checked, as before. */
function schemaOf(route: RouteDeclaration): FastifySchema {
  const response: Record<number, TSchema> = {};
  const produces: string[] = [];
  for (const [status, reply] of Object.entries(route.replies)) {
    const kind = (reply as Record<string, unknown>)[NOT_JSON];
    if (kind === 'file') produces.push(...((reply as { produces?: string[] }).produces ?? []));
    else if (kind === undefined) response[Number(status)] = reply;
  }
  return {
    tags: [...route.tags],
    summary: route.summary,
    ...(route.hide && { hide: true }),
    ...(route.security && { security: [...route.security] }),
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body && { body: route.body }),
    ...(route.upload && { consumes: ['multipart/form-data'], uploadField: route.upload }),
    ...(produces.length > 0 && { produces }),
    ...(Object.keys(response).length > 0 && { response }),
  };
}

/** Who may call the route, as the signed-in context reads it; undefined for public and gateway routes. */
function permissionConfig(route: RouteDeclaration): FastifyContextConfig {
  const { permission } = route;
  if (permission === 'public' || permission === 'gateway') return {};
  return { permission, ...(route.duringPasswordChange && { duringPasswordChange: true }) };
}

/**
 * Registers a route of the contract: path, schema, summary and tags, and who may call it, all
 * from its declaration; the handler gets params, query and body typed from it and answers its
 * success body. A route that needs a signed-in caller registers only in the signed-in context,
 * and a public or gateway route only outside it.
 */
export function contractRoute<D extends RouteDeclaration>(
  app: FastifyInstance,
  route: D,
  handler: ContractHandler<D>,
  extras: RouteExtras = {},
): void {
  const signedIn = route.permission !== 'public' && route.permission !== 'gateway';
  if (signedIn !== (app.signedInOnly === true)) {
    throw new Error(
      `${route.method} ${route.path} (${String(route.permission)}) belongs ${signedIn ? 'in' : 'outside'} the signed-in context`,
    );
  }
  const status = successStatus(route);
  const { config, readsReplica, ...options } = extras;
  const reads = app.database?.reads;
  const routeConfig = { ...permissionConfig(route), ...config };
  app.route({
    method: route.method,
    url: route.path,
    schema: schemaOf(route),
    ...(Object.keys(routeConfig).length > 0 && { config: routeConfig }),
    ...options,
    handler: async (request, reply) => {
      const run = () => handler(request as ContractRequest<D>, reply);
      const userId = request.principal?.id;
      const answer = reads && userId !== undefined && readsReplica ? await reads.readFor(userId, run) : await run();
      // A staff write: that user's next reads wait for the replica to have it (read-your-writes).
      if (reads && userId !== undefined && route.method !== 'GET') await reads.rememberWrite(userId);
      if (answer === reply || reply.sent) return reply;
      return reply.code(status).send(answer);
    },
  });
}
