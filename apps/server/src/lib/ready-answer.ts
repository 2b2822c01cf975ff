import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const compressors = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: 6 }),
};
type Encoding = keyof typeof compressors;

/** Answers smaller than this are sent as they are, as the compression plugin does. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A cached JSON answer kept as the bytes it is sent as: serialised once, its ETag worked out
 * once, and compressed once per encoding when first asked for, instead of for every request.
 */
export class ReadyAnswer {
  readonly body: Buffer;
  readonly etag: string;
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let bytes = this.#encoded.get(encoding);
    if (!bytes) {
      bytes = compressors[encoding](this.body);
      this.#encoded.set(encoding, bytes);
    }
    return bytes;
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

/**
 * Sends a ready answer: `304 Not Modified` when the client holds it already (its ETag in
 * If-None-Match), otherwise its bytes, compressed when the client accepts it. Browsers keep it
 * for the signed-in user only (`private`) and ask again each time (`no-cache`).
 */
export async function sendReady(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, authorization')
    .type('application/json; charset=utf-8');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding = answer.body.length >= COMPRESS_FROM_BYTES && preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
}
