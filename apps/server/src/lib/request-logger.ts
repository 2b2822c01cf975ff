import type { FastifyBaseLogger } from 'fastify';
import type pino from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Write = (...args: unknown[]) => void;

/**
 * A request's logger, made when it is first written to. Fastify gives every request a child of
 * the server's logger bound to the request's id; made with the log's redaction, that child costs
 * about a fifth of a hot read, and most requests never write through it (their access line is
 * written directly, lib/access-log.ts). Whether a level is on is answered without making it.
 */
class RequestLogger {
  #made: pino.Logger | undefined;
  readonly #parent: pino.Logger;
  readonly #bindings: pino.Bindings;
  readonly #options: pino.ChildLoggerOptions;

  constructor(parent: pino.Logger, bindings: pino.Bindings, options: pino.ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger(): pino.Logger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #write(level: Level, args: unknown[]): void {
    const logger = this.#logger;
    (logger[level] as Write).apply(logger, args);
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }

  isLevelEnabled(level: string): boolean {
    const values = this.#parent.levels.values;
    return (values[level] ?? Number.POSITIVE_INFINITY) >= (values[this.level] ?? Number.POSITIVE_INFINITY);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): pino.Logger {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made only if it is written to. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: pino.Bindings,
  options: pino.ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger as pino.Logger, bindings, options) as unknown as FastifyBaseLogger;
}
