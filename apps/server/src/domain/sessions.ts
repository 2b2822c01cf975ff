import { randomBytes } from 'node:crypto';
import { SESSION_RENEW_BELOW_MS, SESSION_RENEW_MS, SESSION_TTL_MS } from '@water/contract/constants';
import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { EventBus } from '../lib/events.ts';
import type { Clock } from '../lib/time.ts';
import { sessions } from './identity.schema.ts';

interface CachedSession {
  userId: number;
  expiresAt: number;
  /** When the last request was written down as the session's last activity. */
  seenAt: number;
}

/** Why sessions named by id end: `kicked` when an administrator signed them out. */
export type RevocationReason = 'kicked';

export type Revocation = { ids: string[]; reason?: RevocationReason } | { userId: number; except?: string } | '*';

/** How stale the recorded last activity may be: one write per session and minute at most. */
export const LAST_SEEN_PRECISION_MS = 60_000;

const MAX_CACHED = 50_000;

/** Session ids (32 characters) in one event, well under PostgreSQL's 8000-byte notification limit. */
const IDS_PER_EVENT = 100;

/**
 * Sessions live in the database so that every instance sees a revocation; this process keeps a
 * cache of the ones it has checked, which revocations (from any instance) clear.
 */
export class SessionStore {
  readonly #cache = new Map<string, CachedSession>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly events: EventBus,
  ) {
    events.on('sessions', (payload) => this.#forget(payload as Revocation));
  }

  async create(userId: number, ip: string, browser: string | undefined): Promise<{ id: string; expiresAt: Date }> {
    const now = this.clock.now();
    const id = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.db
      .insert(sessions)
      .values({ id, userId, ip, browser: browser?.slice(0, 255), loginTime: now, lastSeen: now, expiresAt });
    this.#remember(id, { userId, expiresAt: expiresAt.getTime(), seenAt: now.getTime() });
    return { id, expiresAt };
  }

  /** Removes the sessions that ended without a sign-out; a request with one is refused either way. */
  async purgeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, this.clock.now()));
  }

  /**
   * Whether the session is alive for that user; renews it by an hour when under half an hour is
   * left (eladmin's sliding renewal), and records the request as its last activity.
   */
  async touch(id: string, userId: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    let session = this.#cache.get(id);
    // Near the end, another instance may have renewed it: read the database before deciding.
    if (!session || session.expiresAt - now < SESSION_RENEW_BELOW_MS) {
      const [row] = await this.db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, lastSeen: sessions.lastSeen })
        .from(sessions)
        .where(eq(sessions.id, id));
      session = row
        ? { userId: row.userId, expiresAt: row.expiresAt.getTime(), seenAt: row.lastSeen.getTime() }
        : undefined;
      if (session) this.#remember(id, session);
    }
    if (!session || session.userId !== userId) return false;
    if (session.expiresAt <= now) {
      await this.revoke([id]);
      return false;
    }
    const renew = session.expiresAt - now < SESSION_RENEW_BELOW_MS;
    if (renew || now - session.seenAt >= LAST_SEEN_PRECISION_MS) {
      const expiresAt = renew ? session.expiresAt + SESSION_RENEW_MS : session.expiresAt;
      await this.db
        .update(sessions)
        .set({ expiresAt: new Date(expiresAt), lastSeen: new Date(now) })
        .where(eq(sessions.id, id));
      this.#remember(id, { userId, expiresAt, seenAt: now });
    }
    return true;
  }

  /**
   * What `touch` would answer when it is true and has nothing to write: the session checked here
   * lately, that user's, neither near its end nor due to record a new last activity. Otherwise
   * false, and `touch` decides.
   */
  aliveWithoutWrite(id: string, userId: number, now: number): boolean {
    const session = this.#cache.get(id);
    if (!session || session.userId !== userId) return false;
    return session.expiresAt - now >= SESSION_RENEW_BELOW_MS && now - session.seenAt < LAST_SEEN_PRECISION_MS;
  }

  async revoke(ids: string[], reason?: RevocationReason): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(sessions).where(inArray(sessions.id, ids));
    // In parts that fit one notification, so that every instance learns which sessions (and sockets) ended.
    for (let start = 0; start < ids.length; start += IDS_PER_EVENT) {
      const part = ids.slice(start, start + IDS_PER_EVENT);
      await this.events.publish('sessions', (reason ? { ids: part, reason } : { ids: part }) satisfies Revocation);
    }
  }

  /** Ends every session of a user, except the one named (the caller's own, after a password change). */
  async revokeUser(userId: number, except?: string): Promise<void> {
    const condition = except ? and(eq(sessions.userId, userId), ne(sessions.id, except)) : eq(sessions.userId, userId);
    await this.db.delete(sessions).where(condition);
    await this.events.publish('sessions', { userId, except } satisfies Revocation);
  }

  #remember(id: string, session: CachedSession) {
    if (this.#cache.size >= MAX_CACHED) {
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(id, session);
  }

  #forget(revocation: Revocation) {
    if (revocation === '*') return this.#cache.clear();
    if ('ids' in revocation) {
      for (const id of revocation.ids) this.#cache.delete(id);
      return;
    }
    for (const [id, session] of this.#cache) {
      if (session.userId === revocation.userId && id !== revocation.except) this.#cache.delete(id);
    }
  }
}
