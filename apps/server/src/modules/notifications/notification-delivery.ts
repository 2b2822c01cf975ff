import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Clock } from '../../lib/time.ts';
import { type OpenChannel, type OutgoingMessage, SendFailure, sendOn, withoutSecrets } from './channel-senders.ts';
import { digestsOf } from './digest.ts';
import { type ChannelRow, type DeliveryRow, notificationsRepository as repo } from './notifications.repository.ts';

/** The waits before each retry: 1, 2 and 4 minutes; after the fourth attempt a message is given up. */
export const RETRY_AFTER_MS = [60_000, 120_000, 240_000] as const;
const MINUTE_MS = 60_000;

/**
 * The sending side of notifications, run by the scheduler every few seconds (in one instance at a
 * time) from what the tables hold, so that a restart loses nothing: alarms due for escalation
 * that are still open become events of their escalation channel; each channel's events, once the
 * first of them waited its digest window, become one message per event; messages due are sent
 * within each channel's rate (attempts of the last minute), retried with backoff, and logged.
 */
export function createNotificationDelivery(
  { db, clock, mailer }: { db: Database; clock: Clock; mailer: Mailer },
  { box, log }: { box: SecretBox; log: FastifyBaseLogger },
) {
  const opened = (channel: ChannelRow): OpenChannel => ({
    kind: channel.kind,
    target: box.open(channel.target),
    secret: channel.secret ? box.open(channel.secret) : null,
  });

  /** One attempt of a message; the delivery row says how it went. */
  async function attempt(delivery: DeliveryRow, channel: ChannelRow, message: OutgoingMessage, retry = true) {
    const now = clock.now();
    const attempts = delivery.attempts + 1;
    let open: OpenChannel | undefined;
    try {
      open = opened(channel);
      await sendOn(open, message, { mailer, log, now });
      await repo.updateDelivery(db, delivery.id, {
        state: 'SENT',
        attempts,
        error: null,
        sentTime: clock.now(),
        lastAttemptTime: now,
        nextAttemptTime: null,
      });
    } catch (error) {
      const said = error instanceof SendFailure ? error.message : 'the message could not be sent';
      const why = open ? withoutSecrets(said, open) : said;
      const retryAfter = retry ? RETRY_AFTER_MS[attempts - 1] : undefined;
      await repo.updateDelivery(db, delivery.id, {
        state: retryAfter === undefined ? 'FAILED' : 'PENDING',
        attempts,
        error: why,
        lastAttemptTime: now,
        nextAttemptTime: retryAfter === undefined ? null : new Date(now.getTime() + retryAfter),
      });
      log.warn({ channelId: channel.id, deliveryId: delivery.id, attempts, error: why }, 'notification not delivered');
    }
  }

  const messageOf = (delivery: DeliveryRow): OutgoingMessage => ({
    subject: delivery.subject,
    lines: delivery.body.split('\n'),
    events: delivery.events.split(','),
  });

  async function escalate(now: Date) {
    const due = await repo.dueEscalations(db, now);
    await repo.addItems(
      db,
      due
        .filter((escalation) => escalation.open)
        .map((escalation) => ({
          channelId: escalation.channelId,
          event: escalation.event,
          says: escalation.says,
          escalatedAfter: escalation.minutes,
          createTime: now,
        })),
    );
    await repo.removeEscalations(
      db,
      due.map((escalation) => escalation.id),
    );
  }

  /** The messages a channel may still start this minute. */
  async function budgetOf(channel: ChannelRow, now: Date) {
    const load = await repo.channelLoad(db, channel.id, new Date(now.getTime() - MINUTE_MS));
    return channel.ratePerMinute - load.recent - load.queued;
  }

  async function gather(now: Date) {
    for (const waiting of await repo.waitingChannels(db)) {
      const channel = await repo.channelById(db, waiting.channelId);
      if (!channel || waiting.first.getTime() > now.getTime() - channel.digestSeconds * 1000) continue;
      let budget = await budgetOf(channel, now);
      // Over its rate, a channel's events keep gathering: they go out as one message once it may send.
      for (const digest of digestsOf(await repo.itemsOf(db, channel.id), channel.language)) {
        if (budget <= 0) break;
        budget -= 1;
        await repo.insertDelivery(db, {
          channelId: channel.id,
          events: digest.message.events.join(','),
          itemCount: digest.items.length,
          subject: digest.message.subject.slice(0, 255),
          body: digest.message.lines.join('\n'),
          escalation: digest.escalation,
          state: 'PENDING',
          createTime: now,
          nextAttemptTime: now,
        });
        await repo.removeItems(
          db,
          digest.items.map((item) => item.id),
        );
      }
    }
  }

  async function sendDue(now: Date) {
    const channels = new Map<number, ChannelRow | undefined>();
    for (const delivery of await repo.dueDeliveries(db, now)) {
      if (!channels.has(delivery.channelId))
        channels.set(delivery.channelId, await repo.channelById(db, delivery.channelId));
      const channel = channels.get(delivery.channelId);
      if (!channel) continue;
      const load = await repo.channelLoad(db, channel.id, new Date(now.getTime() - MINUTE_MS));
      if (load.recent >= channel.ratePerMinute) continue;
      await attempt(delivery, channel, messageOf(delivery));
    }
  }

  return {
    /** The scheduled run: escalations, digests, then the messages due. */
    async run(): Promise<void> {
      const now = clock.now();
      await escalate(now);
      await gather(now);
      await sendDue(now);
    },

    /** Sends a message on a channel now (a channel's test), logged as its delivery; answers it. */
    async sendNow(channel: ChannelRow, message: OutgoingMessage, events: string): Promise<number> {
      const now = clock.now();
      const delivery = await repo.insertDelivery(db, {
        channelId: channel.id,
        events,
        itemCount: 1,
        subject: message.subject.slice(0, 255),
        body: message.lines.join('\n'),
        state: 'PENDING',
        createTime: now,
      });
      // A test is tried once, while the user waits; it is not retried.
      await attempt(delivery, channel, message, false);
      return delivery.id;
    },
  };
}
export type NotificationDelivery = ReturnType<typeof createNotificationDelivery>;
