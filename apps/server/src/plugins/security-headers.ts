import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { WebSocketServer } from 'ws';
import type { Config } from '../config.ts';

/** One year, subdomains included: what helmet would send, but only where RFC 6797 allows it. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options, worked out once: they are the same for every
 * request, and building them again for each one cost a sixth of a hot read's time.
 */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The security headers of a websocket upgrade, kept from its hooks until `ws` writes the 101 answer. */
const upgradeHeaders = new WeakMap<IncomingMessage, Record<string, unknown>>();

const headers = headersOf({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Plain-HTTP installs on a LAN must keep loading their own assets.
      upgradeInsecureRequests: null,
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
});
const httpsHeaders = { ...headers, 'strict-transport-security': HSTS };

/** Which peers may tell the protocol a request was made in (`X-Forwarded-Proto`): TRUST_PROXY's. */
export type TrustedPeer = (address: string, hop: number) => boolean;

/**
 * Which peers are believed about the client's address and protocol, as one function for Fastify
 * and for the security headers of answers given ahead of it. A number of proxies becomes
 * "believe that many hops": Fastify reads a bare number as trusting no hop at all, since a client
 * that reaches the server directly could forge them (the README says to keep instances
 * reachable only through the proxy, or to name the proxies' addresses).
 */
export function trustedPeer(trustProxy: Config['trustProxy']): TrustedPeer | undefined {
  if (trustProxy === false) return undefined;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy.split(',').map((address) => address.trim()));
}

/**
 * Whether a request was made over HTTPS, as Fastify reads it: `X-Forwarded-Proto` (its last
 * value) from a trusted peer, else the connection itself.
 */
function isHttps(raw: IncomingMessage, trusted: TrustedPeer | undefined): boolean {
  const forwarded = raw.headers['x-forwarded-proto'];
  // A websocket injected by the tests arrives without a socket.
  const address = raw.socket?.remoteAddress;
  if (typeof forwarded === 'string' && forwarded && trusted && address !== undefined && trusted(address, 0)) {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  }
  return (raw.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
}

/** The security headers of an answer to this request, the same object for every plain-HTTP one. */
function securityHeadersFor(raw: IncomingMessage, trusted: TrustedPeer | undefined): Record<string, string> {
  return isHttps(raw, trusted) ? httpsHeaders : headers;
}

const headerLines = Object.entries(headers).flat();
const httpsHeaderLines = Object.entries(httpsHeaders).flat();

/** `securityHeadersFor` as name, value, name, value… (Node's `writeHead` takes them so). */
export function securityHeaderLinesFor(raw: IncomingMessage, trusted: TrustedPeer | undefined): readonly string[] {
  return isHttps(raw, trusted) ? httpsHeaderLines : headerLines;
}

/**
 * The same security headers on every answer (the console, the API, stored files, the API
 * reference, errors, websocket upgrades): one strict Content-Security-Policy that no page may
 * be framed under, nosniff, and Strict-Transport-Security only on HTTPS requests, that is
 * requests made over TLS or, with TRUST_PROXY, forwarded with `X-Forwarded-Proto: https`
 * (RFC 6797 §7.2: never over plain HTTP, where a LAN install may have to stay).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { trusted }: { trusted: TrustedPeer | undefined }) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(securityHeadersFor(request.raw, trusted));
      if (request.headers.upgrade?.toLowerCase() === 'websocket') {
        upgradeHeaders.set(request.raw, { ...reply.raw.getHeaders(), ...reply.getHeaders() });
      }
      done();
    });
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('websocketServer')) return;
      const server = (app as unknown as { websocketServer: WebSocketServer }).websocketServer;
      server.on('headers', (lines: string[], request: IncomingMessage) => {
        for (const [name, value] of Object.entries(upgradeHeaders.get(request) ?? {})) {
          if (value !== undefined) lines.push(`${name}: ${String(value)}`);
        }
        upgradeHeaders.delete(request);
      });
    });
  },
  { name: 'security-headers' },
);
