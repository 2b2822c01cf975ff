import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerInMemory } from './ready-reads.ts';

const compressors = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 6 }),
};
export type Encoding = keyof typeof compressors;

/** Answers smaller than this are sent as they are, as the compression plugin does. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A cached JSON answer kept as the bytes it is sent as: serialised once, its ETag worked out
 * once, and compressed once per encoding when first asked for, instead of for every request.
 */
export class ReadyAnswer {
  readonly body: Buffer;
  readonly etag: string;
  /** The headers it is sent with, besides the security headers, its length and the request id. */
  readonly headers: Readonly<Record<string, string>>;
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();
  /** The encodings whose compression has finished. */
  readonly #encodedBytes = new Map<Encoding, Buffer>();
  readonly #headerLines = new Map<Encoding | undefined, readonly string[]>();

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
    this.headers = {
      etag: this.etag,
      'cache-control': 'private, no-cache',
      vary: 'accept-encoding, authorization',
      'content-type': 'application/json; charset=utf-8',
    };
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes = compressors[encoding](this.body);
      bytes.then((done) => this.#encodedBytes.set(encoding, done)).catch(() => this.#encoded.delete(encoding));
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** `headers` and the encoding's, as name, value, name, value… (Node's `writeHead` takes them so). */
  headerLines(encoding: Encoding | undefined): readonly string[] {
    let lines = this.#headerLines.get(encoding);
    if (!lines) {
      lines = Object.entries(encoding ? { ...this.headers, 'content-encoding': encoding } : this.headers).flat();
      this.#headerLines.set(encoding, lines);
    }
    return lines;
  }

  /** The bytes in that encoding if they are compressed already. */
  encodedNow(encoding: Encoding): Buffer | undefined {
    return this.#encodedBytes.get(encoding);
  }
}

/** Encodings by the Accept-Encoding header they were read from: clients send the same few. */
const readHeaders = new Map<string, Encoding | undefined>();

/** The encoding to send in: Brotli, else gzip, when the client accepts it (`q=0` refuses). */
function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (readHeaders.has(header)) return readHeaders.get(header);
  const encoding = readEncoding(header);
  if (readHeaders.size >= 100) readHeaders.clear();
  readHeaders.set(header, encoding);
  return encoding;
}

function readEncoding(header: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Whether an If-None-Match header names this ETag (or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** How a ready answer goes to a client that sent these headers: 304, or 200 in an encoding (or none). */
export function readyReply(
  answer: ReadyAnswer,
  headers: IncomingHttpHeaders,
): { status: 200 | 304; encoding: Encoding | undefined } {
  if (matches(headers['if-none-match'], answer.etag)) return { status: 304, encoding: undefined };
  const encoding =
    answer.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(headers['accept-encoding']) : undefined;
  return { status: 200, encoding };
}

/**
 * Sends a ready answer: `304 Not Modified` when the client holds it already (its ETag in
 * If-None-Match), otherwise its bytes, compressed when the client accepts it. Browsers keep it
 * for the signed-in user only (`private`) and ask again each time (`no-cache`). `inMemory`
 * finds the same answer for another principal from memory, if it is there: with it, the route's
 * later requests of the same URL may be answered ahead of Fastify (lib/ready-reads.ts).
 */
export async function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ReadyAnswer,
  inMemory?: AnswerInMemory,
) {
  if (inMemory) request.server.readyReads?.remember(request, inMemory);
  reply.headers(answer.headers);
  const { status, encoding } = readyReply(answer, request.headers);
  if (status === 304) return reply.code(304).send();
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
}
