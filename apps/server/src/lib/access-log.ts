import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactUrl } from './log-redaction.ts';

/** Lines are handed to the writer in batches of about this many characters… */
const BATCH_CHARACTERS = 12 * 1024;
/** …or after this long at most. */
const BATCH_WAIT_MS = 250;

/**
 * A log's lines gathered in memory and written in batches, in order, through pino's asynchronous
 * writer (sonic-boom): a batch goes once about 12 KiB have come or a quarter of a second has
 * passed. Written line by line, a busy server would spend a system call on a thread of its pool
 * for every request; handed to the writer line by line, each line made it measure, and so copy,
 * all the text waiting before it. Whatever waits is written before the process exits.
 */
export class BatchedLines {
  #lines: string[] = [];
  #characters = 0;
  readonly #writer: ReturnType<typeof pino.destination>;

  /** Writes to the file descriptor `fd`. */
  constructor(fd: number) {
    // Any length above 0 makes `flush` wait until what the writer holds is written.
    this.#writer = pino.destination({ dest: fd, minLength: 1, sync: false });
    setInterval(() => this.#hand(), BATCH_WAIT_MS).unref();
    process.once('exit', () => this.flushSync());
  }

  write(line: string): boolean {
    this.#lines.push(line);
    this.#characters += line.length;
    if (this.#characters >= BATCH_CHARACTERS) this.#hand();
    return true;
  }

  /** Calls back once every line written so far is written out (pino's `logger.flush`). */
  flush(cb: (error?: Error) => void = () => {}): void {
    this.#hand();
    this.#writer.flush(cb);
  }

  /** Writes every line out before returning (as the process exits). */
  flushSync(): void {
    this.#hand();
    this.#writer.flushSync();
  }

  #hand(): void {
    if (this.#lines.length === 0) return;
    const text = this.#lines.join('');
    this.#lines = [];
    this.#characters = 0;
    this.#writer.write(text);
  }
}

let stdout: BatchedLines | undefined;

/** Standard output as the log writes to it (`BatchedLines`): one for every logger of the process. */
export function bufferedStdout(): BatchedLines {
  stdout ??= new BatchedLines(1);
  return stdout;
}

type Logger = Pick<pino.Logger, 'isLevelEnabled'>;

interface PinoInternals {
  [pino.symbols.streamSym]: { write(line: string): unknown };
  [pino.symbols.chindingsSym]: string;
}

/** A request's method and path in its access line (`,"method":…,"path":…`), the path's secrets redacted. */
export function requestFields(method: string, url: string): string {
  return `,"method":${JSON.stringify(method)},"path":${JSON.stringify(redactUrl(url))}`;
}

/**
 * The access log: one line per answered request with its method, path (secrets redacted), status,
 * duration and request id, in the same JSON lines as the rest of the log and through the same
 * stream. A hot read is served in tens of microseconds, and building its line through the logger
 * (a child per request, redaction of every field, serializers) cost a sixth of that: the line is
 * written here directly, its fields known and its only free text, the path, already redacted.
 * A route whose log level is above `info` (health probes) writes none.
 */
export function accessLogHooks(log: FastifyBaseLogger) {
  if (!(log as unknown as Logger).isLevelEnabled('info')) return undefined;
  const internals = log as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym];
  // The root logger's bindings as pino writes them: `,"pid":…,"hostname":"…"`.
  const bindings = internals[pino.symbols.chindingsSym];
  const line = (id: string, request: string, fields: string) => {
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings},"reqId":${JSON.stringify(id)}${request}${fields},"msg":"request"}\n`,
    );
  };
  const write = (request: FastifyRequest, fields: string) => {
    if ((request.log as unknown as Logger).isLevelEnabled('info')) {
      line(request.id, requestFields(request.method, request.url), fields);
    }
  };
  const answered = (id: string, request: string, status: number, ms: number) =>
    line(id, request, `,"status":${status},"ms":${Math.round(ms * 10) / 10}`);
  return {
    /**
     * The line of a request answered ahead of Fastify's hooks (lib/ready-reads.ts), its method
     * and path as `requestFields` wrote them.
     */
    answered,
    onResponse(request: FastifyRequest, reply: FastifyReply, done: () => void) {
      if ((request.log as unknown as Logger).isLevelEnabled('info')) {
        answered(request.id, requestFields(request.method, request.url), reply.statusCode, reply.elapsedTime);
      }
      done();
    },
    /** A websocket is never answered the HTTP way: its line is written when it asks to upgrade. */
    onRequest(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
      if (request.headers.upgrade?.toLowerCase() === 'websocket') write(request, ',"upgrade":"websocket"');
      done();
    },
  };
}
