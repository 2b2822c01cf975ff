import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const ALGORITHM = 'HS256';
/** Tokens verified recently; a signature check costs far more than the rest of a request's authentication. */
const MAX_VERIFIED = 10_000;

export class TokenSigner {
  // Imported once: jose imports raw bytes or a KeyObject of a secret again on every call.
  readonly #key: Promise<webcrypto.CryptoKey>;
  /** Keyed by the whole token, signature included, so only a byte-identical token matches. */
  readonly #verified = new Map<string, TokenClaims>();

  constructor(secret: string) {
    this.#key = webcrypto.subtle.importKey(
      'raw',
      Buffer.from(secret, 'utf8'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: TokenClaims, issuedAt: Date): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setJti(claims.sessionId)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(claims.expiresAt)
      .sign(await this.#key);
  }

  /**
   * Returns the claims of a well-signed token, or undefined. `ignoreExpiry` serves logout, which
   * must also work with a token that has just expired.
   */
  async verify(token: string, now: Date, ignoreExpiry = false): Promise<TokenClaims | undefined> {
    const known = this.#verified.get(token);
    if (known) return ignoreExpiry || known.expiresAt * 1000 > now.getTime() ? known : undefined;
    const claims = await this.#verifySignature(token, now, ignoreExpiry);
    if (claims && !ignoreExpiry) {
      if (this.#verified.size >= MAX_VERIFIED) this.#verified.delete(this.#verified.keys().next().value as string);
      this.#verified.set(token, claims);
    }
    return claims;
  }

  /** The claims of an unexpired token verified before, without checking a signature again. */
  verifiedBefore(token: string, now: Date): TokenClaims | undefined {
    const known = this.#verified.get(token);
    return known && known.expiresAt * 1000 > now.getTime() ? known : undefined;
  }

  async #verifySignature(token: string, now: Date, ignoreExpiry: boolean): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: [ALGORITHM],
        currentDate: now,
        requiredClaims: ['sub', 'jti', 'exp'],
        ...(ignoreExpiry ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.jti !== 'string') return undefined;
      return { userId, sessionId: payload.jti, expiresAt: payload.exp as number };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
