import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyContextConfig, FastifyRequest, FastifyServerFactory } from 'fastify';
import type { Principal } from '../domain/principal.ts';
import { refusal } from '../plugins/auth.ts';
import { requestFields } from './access-log.ts';
import { authenticatedInMemory, bearerToken } from './authenticate.ts';
import type { Deps } from './deps.ts';
import { type ReadyAnswer, readyReply } from './ready-answer.ts';

/** A route's ready answer for a principal, from memory alone: undefined when it must be loaded. */
export type AnswerInMemory = (principal: Principal) => ReadyAnswer | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    readyReads?: ReadyReads;
  }
}

interface Remembered {
  config: FastifyContextConfig;
  inMemory: AnswerInMemory;
  /** The request's method and path as its access line writes them (`requestFields`). */
  logged: string;
}

/** URLs remembered at most; the oldest goes first. The console asks for a few dozen. */
const MAX_URLS = 1000;

export interface ReadyReadsOptions {
  /** The security headers of an answer to this request as name, value… (plugins/security-headers.ts). */
  securityHeaderLines: (raw: IncomingMessage) => readonly string[];
  /** Writes the access line of an answer (lib/access-log.ts), when the access log is on. */
  accessLine?: (id: string, request: string, status: number, ms: number) => void;
}

/**
 * The reads the console makes all day (the sidebar, the dropdowns) answered ahead of Fastify, by
 * replaying what Fastify's route decided for the same request. A route that sends a ready answer
 * (lib/ready-answer.ts) has the URL remembered, byte for byte, after its input was parsed,
 * checked and validated. A later GET of the same URL is answered here when everything the
 * decision rests on is in memory and unchanged:
 * - the token, its session and its user, as `authenticate` would find them, with nothing to
 *   write (`authenticatedInMemory`);
 * - the route's permission, checked again for this principal (`refusal`);
 * - the answer itself, from the same caches the route reads, which every instance's changes
 *   clear.
 * It goes out with the same headers as the route's (security headers, request id, ETag, 304,
 * compression) and its own access line. Anything else (another method or URL, an upgrade, a
 * body, a cache that is cold, a session due for a write) goes to Fastify as usual. Answering
 * here saves the hook chain, the query's parsing and validation, and the promises between them:
 * about a third of such a request's time.
 */
export class ReadyReads {
  readonly #byUrl = new Map<string, Remembered>();
  #closed = false;
  /** Requests answered here, for the tests and the benchmarks. */
  answered = 0;

  constructor(
    private readonly deps: Pick<Deps, 'tokens' | 'sessions' | 'principals' | 'clock'>,
    private readonly options: ReadyReadsOptions,
  ) {}

  /** Called by a route as it sends a ready answer to a GET: that URL names this route and input. */
  remember(request: FastifyRequest, inMemory: AnswerInMemory): void {
    if (this.#closed || request.method !== 'GET' || this.#byUrl.has(request.url)) return;
    if (this.#byUrl.size >= MAX_URLS) this.#byUrl.delete(this.#byUrl.keys().next().value as string);
    const logged = requestFields('GET', request.url);
    this.#byUrl.set(request.url, { config: request.routeOptions.config, inMemory, logged });
  }

  /** Forgets every URL and remembers no more: every request goes to Fastify (as the server closes). */
  forget(): void {
    this.#byUrl.clear();
    this.#closed = true;
  }

  /** Answers the request if it can (true); otherwise leaves it untouched for Fastify (false). */
  answer(raw: IncomingMessage, response: ServerResponse): boolean {
    const started = performance.now();
    if (raw.method !== 'GET') return false;
    const url = raw.url as string;
    const remembered = this.#byUrl.get(url);
    if (!remembered) return false;
    const headers = raw.headers;
    if (headers.upgrade !== undefined || headers['content-length'] !== undefined) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    const signedIn = authenticatedInMemory(this.deps, bearerToken(headers.authorization));
    if (!signedIn || refusal(signedIn.principal, remembered.config)) return false;
    const answer = remembered.inMemory(signedIn.principal);
    if (!answer) return false;
    const { status, encoding } = readyReply(answer, headers);
    const body = status === 304 ? undefined : encoding ? answer.encodedNow(encoding) : answer.body;
    if (status === 200 && !body) return false;

    const id = randomUUID();
    const lines = ['x-request-id', id, ...this.options.securityHeaderLines(raw), ...answer.headerLines(encoding)];
    if (body) lines.push('content-length', String(body.length));
    response.writeHead(status, lines);
    response.end(body);
    this.answered++;
    this.options.accessLine?.(id, remembered.logged, status, performance.now() - started);
    return true;
  }
}

/**
 * Node's HTTP server as Fastify would make it, except that the reads `readyReads` can answer
 * from memory are answered before Fastify sees them.
 */
export function serverWithReadyReads(readyReads: () => ReadyReads | undefined): FastifyServerFactory {
  return (handler, options) => {
    const server = createServer((request, response) => {
      let answered = false;
      try {
        answered = readyReads()?.answer(request, response) ?? false;
      } catch {
        // Nothing is sent before the last step; whatever went wrong, the route answers instead.
        answered = response.headersSent;
      }
      if (!answered) handler(request, response);
    });
    // Fastify has filled its defaults in by now.
    const timeouts = options as Record<
      'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket',
      number
    >;
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    if (timeouts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
    return server;
  };
}
