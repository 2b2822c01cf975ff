import type { PostingKind } from '@water/contract/ledger';
import type { Fen } from '@water/contract/money';
import type { Database } from '../../db/client.ts';
import { ledgerBookings } from './ledger.schema.ts';

/** A posting as booked: its key, how many items it counts, and its lines by account id (one per account). */
export interface BookedPosting {
  key: { day: string; kind: PostingKind; subject: string; agentId: number | null };
  items: number;
  lines: readonly { accountId: number; amount: Fen }[];
}

const keyOf = (key: BookedPosting['key']) => `${key.day} ${key.kind} ${key.subject}`;

/**
 * Books postings as the caller's transaction commits: each one's lines into the posting of its
 * day, kind and subject (made on first use, counting `items` more into it), each amount added to
 * its account's entry in the posting and to the account's balance (its version bumps). The
 * postings wait in `fin_booking` until the commit, when the migration's deferred trigger books
 * them in one go: the rows every sale shares (the day's postings, the platform's accounts) are
 * held from then to the end of the commit only, not across the transaction's remaining round
 * trips, however busy the server is. A booking that cannot be made fails the commit. The
 * postings are given in the order of their keys and the accounts are locked in the order of
 * their ids, alike in every transaction. The keys must differ. Until the commit, the transaction
 * itself does not see what it booked.
 */
export async function bookPostings(db: Database, postings: readonly BookedPosting[], now: Date): Promise<void> {
  if (postings.length === 0) return;
  const keyed = [...postings].sort((a, b) => (keyOf(a.key) < keyOf(b.key) ? -1 : 1));
  await db.insert(ledgerBookings).values({
    postings: keyed.map(({ key, items, lines }) => ({ ...key, items, lines })),
    bookTime: now,
  });
}
