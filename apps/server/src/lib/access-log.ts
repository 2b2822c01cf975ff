import { writevSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactUrl } from './log-redaction.ts';

/** Lines are written in batches of about this many characters… */
const BATCH_CHARACTERS = 12 * 1024;
/** …or after this long at most; text the output had no room for is tried again as often. */
const BATCH_WAIT_MS = 250;
/** Bytes held for an output that reads nothing; lines beyond are dropped and counted. */
const HELD_BYTES = 16 * 1024 * 1024;

interface BatchOptions {
  /** Bytes held at most for an output with no room (16 MiB). */
  heldBytes?: number;
}

/**
 * A log's lines gathered in memory and written in batches, in order, on the main thread: a batch
 * goes once about 12 KiB have come or a quarter of a second has passed. Written line by line, a
 * busy server would spend a system call on every request. Written through pino's writer
 * (sonic-boom), a batch either went to a thread of the pool, where a write still waiting as the
 * process exits ends up after the lines written at exit or nowhere, or stopped the server for
 * 100 ms each time a pipe was full. Here a pipe with no room (standard output is made
 * non-blocking once anything prints to it) leaves the rest held in memory, tried again with the
 * next batch; what waits is written before the process exits, waiting for room if need be.
 */
export class BatchedLines {
  #lines: string[] = [];
  #characters = 0;
  /** Bytes the output had no room for yet, oldest first. */
  #held: Buffer[] = [];
  #heldBytes = 0;
  #dropped = 0;
  readonly #fd: number;
  readonly #limit: number;

  /** Writes to the file descriptor `fd`. */
  constructor(fd: number, { heldBytes = HELD_BYTES }: BatchOptions = {}) {
    this.#fd = fd;
    this.#limit = heldBytes;
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
    if (this.#heldBytes === 0) {
      process.nextTick(cb);
      return;
    }
    setTimeout(() => this.flush(cb), 10);
  }

  /** Writes every line out before returning (as the process exits), waiting for room if need be. */
  flushSync(): void {
    this.#hand();
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (this.#heldBytes > 0) {
      Atomics.wait(pause, 0, 0, 5);
      this.#send();
    }
  }

  #hand(): void {
    if (this.#lines.length > 0) {
      const bytes = Buffer.from(this.#lines.join(''));
      this.#lines = [];
      this.#characters = 0;
      if (this.#heldBytes + bytes.length > this.#limit) {
        this.#dropped += bytes.length;
      } else {
        this.#hold(bytes);
      }
    }
    if (this.#heldBytes > 0) this.#send();
  }

  #hold(bytes: Buffer): void {
    this.#held.push(bytes);
    this.#heldBytes += bytes.length;
  }

  /** Writes what is held until all is written or the output has no room. */
  #send(): void {
    while (this.#heldBytes > 0) {
      let written: number;
      try {
        written = writevSync(this.#fd, this.#held);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return;
        // The output is gone (its reader closed it): nothing more can be written to it.
        this.#held = [];
        this.#heldBytes = 0;
        return;
      }
      this.#heldBytes -= written;
      while (written > 0) {
        const first = this.#held[0] as Buffer;
        if (written >= first.length) {
          this.#held.shift();
          written -= first.length;
        } else {
          this.#held[0] = first.subarray(written);
          written = 0;
        }
      }
      if (this.#heldBytes === 0 && this.#dropped > 0) {
        const dropped = this.#dropped;
        this.#dropped = 0;
        this.#hold(
          Buffer.from(
            `{"level":40,"time":${Date.now()},"msg":"the log's output had no room: ${dropped} bytes of lines dropped"}\n`,
          ),
        );
      }
    }
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
