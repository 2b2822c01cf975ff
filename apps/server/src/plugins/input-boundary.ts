import type { FieldError } from '@water/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, invalidFields, malformedBody } from '../lib/http-errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as it arrived, for checking a signature over it (the machine gateway). */
    rawBody?: string;
  }
}

/** Deeper JSON than this is refused before it is parsed: no form of the console nests past a few levels. */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests arrays and objects deeper than `limit`, judged without parsing it. */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const unstorableLeaf = (leaf: unknown) => typeof leaf === 'string' && UNSTORABLE.test(leaf);
const nonFiniteLeaf = (leaf: unknown) => typeof leaf === 'number' && !Number.isFinite(leaf);

/**
 * Whether any value or key inside `value` fails `test`: the quick look every request gets, with
 * nothing allocated. Only a request that fails it has the paths of its faults worked out.
 */
function anyLeaf(value: unknown, test: (leaf: unknown) => boolean): boolean {
  if (value === null || typeof value !== 'object') return test(value);
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => anyLeaf(item, test));
  for (const key in value) {
    if (Object.hasOwn(value, key) && (test(key) || anyLeaf((value as Record<string, unknown>)[key], test))) return true;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store, or that is not text at all: the NUL character and UTF-16
 * surrogates without their other half. Answers the path of every such value (or key).
 */
export function unstorableText(value: unknown, path: string[] = [], found: FieldError[] = []): FieldError[] {
  if (Buffer.isBuffer(value)) return found;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) {
      found.push({ field: path.join('.') || 'body', code: 'format', message: 'contains characters that are not text' });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      unstorableText(item, [...path, String(index)], found);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) {
        found.push({ field: path.join('.') || 'body', code: 'unknown', message: 'has a key that is not text' });
      } else unstorableText(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * Numbers that are not finite (`1e400`, `Infinity`), which JSON parsing and the query's type
 * coercion can produce and which no bound in a schema catches. Answers the path of each.
 */
export function nonFiniteNumbers(value: unknown, path: string[] = [], found: FieldError[] = []): FieldError[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      found.push({ field: path.join('.') || 'body', code: 'type', message: 'must be a finite number' });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      nonFiniteNumbers(item, [...path, String(index)], found);
    });
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) nonFiniteNumbers(item, [...path, key], found);
  }
  return found;
}

/** The body as the input checks see it: a multipart upload is checked by its own route. */
const checkedBody = (request: FastifyRequest) => (request.isMultipart() ? undefined : request.body);

function refuseNonFiniteNumbers(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const { params, query } = request;
  const body = checkedBody(request);
  if (![params, query, body].some((part) => anyLeaf(part, nonFiniteLeaf))) {
    done();
    return;
  }
  const found = [...nonFiniteNumbers(params), ...nonFiniteNumbers(query), ...nonFiniteNumbers(body)];
  done(invalidFields(found as [FieldError, ...FieldError[]]));
}

/** Whether every percent-encoded part of a query string decodes to UTF-8 text. */
export function isWellEncodedQuery(query: string): boolean {
  try {
    for (const part of query.split(/[&=]/)) decodeURIComponent(part.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses a query that is not well encoded, and unstorable text in the path, query or body. Text
 * from the URL can only be unstorable, or badly encoded, through a percent sign (the HTTP parser
 * refuses a raw NUL), so a URL without one is not taken apart.
 */
function refuseUnstorableText(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const url = request.raw.url ?? '';
  const encoded = url.includes('%');
  const body = checkedBody(request);
  if (!encoded && !anyLeaf(body, unstorableLeaf)) {
    done();
    return;
  }
  const queryStart = url.indexOf('?');
  if (queryStart >= 0 && !isWellEncodedQuery(url.slice(queryStart + 1))) {
    done(new HttpError(400, 'The query string is not valid percent-encoded UTF-8', 'MALFORMED_URL'));
    return;
  }
  const found = [...unstorableText(request.params), ...unstorableText(request.query), ...unstorableText(body)];
  if (found.length > 0) done(invalidFields(found as [FieldError, ...FieldError[]]));
  else done();
}

/**
 * What every request must be before a route sees it: JSON no deeper than MAX_JSON_DEPTH, and
 * no text anywhere (path, query, body) that the database could not store.
 */
export const inputBoundaryPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body.toString();
      if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
        done(malformedBody(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
        return;
      }
      request.rawBody = text;
      parseJson(request, text, done);
    });
    app.addHook('preValidation', refuseUnstorableText);
    // After validation, when the query's numbers have been coerced from text.
    app.addHook('preHandler', refuseNonFiniteNumbers);
  },
  { name: 'input-boundary' },
);
