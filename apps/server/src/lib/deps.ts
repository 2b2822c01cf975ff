import type { Database, DatabaseHandle } from '../db/client.ts';
import type { PrincipalCache } from '../domain/principal.ts';
import type { SessionStore } from '../domain/sessions.ts';
import type { AuditTrail } from './audit-trail.ts';
import type { EventBus } from './events.ts';
import type { Mailer } from './mailer.ts';
import type { Clock } from './time.ts';
import type { TokenSigner } from './tokens.ts';

/**
 * What services are built from: each module's service takes the part it needs, so its
 * dependencies are written in its signature rather than found on the app.
 */
export interface Deps {
  db: Database;
  database: DatabaseHandle;
  clock: Clock;
  events: EventBus;
  sessions: SessionStore;
  principals: PrincipalCache;
  tokens: TokenSigner;
  mailer: Mailer;
  /** Where changes to money and configuration are recorded, in their own transaction. */
  audit: AuditTrail;
}
