/**
 * What the log never holds: the values of secret-looking query parameters (the websocket's
 * `?token=Bearer …`, a `?password=` sent by mistake), bearer tokens and JWTs written into a
 * message, authorization and cookie headers, and password, token and secret fields of logged objects.
 */

export const REDACTED = '[REDACTED]';

/**
 * Query parameter names whose value is a credential or a one-time code: token, access_token,
 * refresh_token, id_token, password, newPass, oldPass, pwd, secret, client_secret, code, key,
 * api_key, signature, sig, auth, authorization, session, jwt, credential…
 */
const SECRET_NAME =
  /token|passw|^pass$|^(new|old)_?pass$|pwd|secret|^code$|^key$|api_?key|signature|^sig$|^auth(orization)?$|session|jwt|credential/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export const isSecretName = (name: string) => SECRET_NAME.test(decodedName(name).trim());

/**
 * What every secret query parameter's name contains (or a percent sign, which may hide one):
 * a query without any of these, as most are, is kept as it is without being taken apart.
 */
const MAYBE_SECRET = /token|pass|pwd|secret|code|key|sig|auth|session|jwt|credential|%/i;

/** A URL or path with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  if (!MAYBE_SECRET.test(url.slice(query + 1, end))) return url;
  const pairs = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && isSecretName(name) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query + 1)}${pairs.join('&')}${url.slice(end)}`;
}

const QUERY_PAIR = /([?&])([^=&\s#"'?]+)=([^&\s#"']*)/g;
const BEARER = /\b(Bearer)(\s+|%20|\+)[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]+/g;

/** Free text (a log message) with secret query values, bearer tokens and JWTs replaced. */
export function redactText(text: string): string {
  return text
    .replace(QUERY_PAIR, (pair, separator: string, name: string) =>
      isSecretName(name) ? `${separator}${name}=${REDACTED}` : pair,
    )
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED);
}

const SECRET_FIELDS = [
  'password',
  'oldPass',
  'newPass',
  'passwordHash',
  'token',
  'secret',
  'jwtSecret',
  'authorization',
  'cookie',
];

/** pino `redact` paths: secret headers of a logged request or response, secret fields at the first two levels. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-access-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The pino options of the server's logger: `given` (level, stream, … from the caller) with the
 * redaction always on top, so that no caller can log without it. `false` keeps the log silent.
 */
export function loggerOptions(level: string, given: boolean | object | undefined): false | object {
  if (given === false) return false;
  return {
    level,
    ...(typeof given === 'object' ? given : {}),
    serializers: {
      // Fastify's own request serializer, with the query's secrets removed from the URL.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}
