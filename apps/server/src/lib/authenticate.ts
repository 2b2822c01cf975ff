import type { Principal } from '../domain/principal.ts';
import type { Deps } from './deps.ts';

export interface Authenticated {
  principal: Principal;
  sessionId: string;
}

/** The JWT of an `Authorization: Bearer …` header (or of a `token` parameter written the same way). */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * The one token check, for HTTP requests and websocket connections alike: a well-signed,
 * unexpired token whose session is alive and whose user exists and is enabled.
 */
export async function authenticate(
  deps: Pick<Deps, 'tokens' | 'sessions' | 'principals' | 'clock'>,
  token: string | undefined,
): Promise<Authenticated | undefined> {
  if (!token) return undefined;
  const claims = await deps.tokens.verify(token, deps.clock.now());
  if (!claims) return undefined;
  if (!(await deps.sessions.touch(claims.sessionId, claims.userId))) return undefined;
  const principal = await deps.principals.get(claims.userId);
  if (!principal?.enabled) return undefined;
  return { principal, sessionId: claims.sessionId };
}

/**
 * `authenticate` from memory alone: the same answer when the token, its session and its user
 * were all checked lately and the session has nothing to write; otherwise undefined, and
 * `authenticate` must decide.
 */
export function authenticatedInMemory(
  deps: Pick<Deps, 'tokens' | 'sessions' | 'principals' | 'clock'>,
  token: string | undefined,
): Authenticated | undefined {
  if (!token) return undefined;
  const now = deps.clock.now();
  const claims = deps.tokens.verifiedBefore(token, now);
  if (!claims || !deps.sessions.aliveWithoutWrite(claims.sessionId, claims.userId, now.getTime())) return undefined;
  const principal = deps.principals.peek(claims.userId);
  if (!principal?.enabled) return undefined;
  return { principal, sessionId: claims.sessionId };
}
