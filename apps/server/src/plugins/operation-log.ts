import { operationName } from '@water/contract/operation-names';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressOf, browserOf } from '../lib/client-info.ts';
import { HttpError } from '../lib/http-errors.ts';

/** Fields never logged; `target`: a notification channel's address, which holds its robot's key. */
const SECRET_FIELD = /pass|secret|token|^code$|^target$/i;
const MAX_PARAMS = 2000;

/** The body as logged: secrets masked, long values cut. */
function loggableParams(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  const text = JSON.stringify(body, (key, value) => (key && SECRET_FIELD.test(key) ? '******' : value));
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text;
}

const failures = new WeakMap<FastifyRequest, string>();

/** What is written of one operation: the entry, and where it came from. */
export type LogLine = LogEntry & {
  requestIp: string;
  address: string | null;
  browser: string | null;
  createTime: Date;
};

/** Where the log lines go (the logs module keeps them). */
export type LogWriter = (line: LogLine) => Promise<void>;

export interface LogEntry {
  logType: 'INFO' | 'ERROR';
  description: string;
  method: string;
  params: string | null;
  username: string | null;
  time: number;
  exceptionDetail?: string | null;
}

async function writeLog(
  app: FastifyInstance,
  write: LogWriter,
  request: FastifyRequest,
  entry: LogEntry,
): Promise<void> {
  try {
    await write({
      ...entry,
      requestIp: request.ip,
      address: addressOf(request.ip),
      browser: browserOf(request.headers['user-agent']),
      createTime: app.clock.now(),
    });
  } catch (error) {
    // A lost log line must not turn a successful write into a failure.
    request.log.error({ err: error }, 'could not write the operation log');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Log this public route as the operation of the user it names in its body (`username`),
     * under this description: the sign-in, which the dashboard counts.
     */
    logAsUser?: string;
    /** A read sent as POST (`…/superior`): not an operation, not logged. */
    readOnly?: boolean;
  }
}

/**
 * Records every write made by a signed-in user, and every sign-in attempt: who, what (the
 * operation's name), when, from where and how long it took; failures as ERROR with the message
 * the client was given.
 */
export function operationLogHooks(app: FastifyInstance, write: LogWriter) {
  app.addHook('onError', async (request, _reply, error) => {
    failures.set(
      request,
      error instanceof HttpError || (error.statusCode ?? 500) < 500 ? error.message : 'Internal server error',
    );
  });
  // Written before the answer leaves, so that whoever reads the log next already finds the entry.
  const logOperation = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.routeOptions.config.readOnly) return payload;
    const asUser = request.routeOptions.config.logAsUser;
    const named = (request.body as { username?: unknown } | undefined)?.username;
    const username = request.principal?.username ?? (asUser && typeof named === 'string' ? named.trim() : undefined);
    if (!username) return payload;
    const failed = reply.statusCode >= 400;
    await writeLog(app, write, request, {
      logType: failed ? 'ERROR' : 'INFO',
      description:
        asUser ??
        operationName(request.method, request.routeOptions.url) ??
        (request.routeOptions.schema?.summary as string | undefined) ??
        `${request.method} ${request.url}`,
      method: `${request.method} ${request.routeOptions.url ?? request.url}`,
      params: asUser ? loggableParams({ username }) : loggableParams(request.body),
      username,
      time: Math.round(reply.elapsedTime),
      exceptionDetail: failed ? `${failures.get(request) ?? `HTTP ${reply.statusCode}`} (request ${request.id})` : null,
    });
    return payload;
  };
  // Only on the routes that write: reads (GET, HEAD, OPTIONS) are not operations, and the hook
  // left off them costs them nothing.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS')) return;
    route.onSend = [route.onSend ?? []].flat().concat(logOperation);
  });
}
