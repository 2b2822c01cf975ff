import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { TaskQueue } from '../../lib/task-queue.ts';
import type { Clock } from '../../lib/time.ts';
import { type OpenChannel, type OutgoingMessage, SendFailure, sendOn, withoutSecrets } from './channel-senders.ts';
import { digestsOf } from './digest.ts';
import { type ChannelRow, type DeliveryRow, notificationsRepository as repo } from './notifications.repository.ts';

/** The waits before each retry: 1, 2 and 4 minutes; after the fourth attempt a message is given up. */
export const RETRY_AFTER_MS = [60_000, 120_000, 240_000] as const;
const MAX_ATTEMPTS = RETRY_AFTER_MS.length + 1;
const LONGEST_WAIT_MS = 240_000;
const MINUTE_MS = 60_000;

/** One attempt of a delivery, as its task carries it: the attempt's number, so that it is made once. */
export interface DeliveryAttempt {
  deliveryId: number;
  attempt: number;
}

/**
 * The sending side of notifications. The scheduler looks every few seconds (in one instance at a
 * time) at what the tables hold: alarms due for escalation that are still open become events of
 * their escalation channel; each channel's events, once the first of them waited its digest
 * window, become one message per event; each message due (new, or its retry's time come) is
 * queued, within its channel's rate (attempts of the last minute), as a task on the durable queue
 * — so a message queued before a crash is sent after the restart, by one instance, once. The task
 * makes the attempt and logs it; a failed one is due again after 1, 2 and 4 minutes.
 */
export function createNotificationDelivery(
  { db, clock, mailer }: { db: Database; clock: Clock; mailer: Mailer },
  { box, log, tasks }: { box: SecretBox; log: FastifyBaseLogger; tasks: TaskQueue },
) {
  const opened = (channel: ChannelRow): OpenChannel => ({
    kind: channel.kind,
    target: box.open(channel.target),
    secret: channel.secret ? box.open(channel.secret) : null,
  });

  /** One attempt (number `attempts`) of a message; the delivery row says how it went. */
  async function attempt(
    delivery: DeliveryRow,
    channel: ChannelRow,
    message: OutgoingMessage,
    attempts: number,
    retry = true,
  ) {
    const now = clock.now();
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

  /**
   * The task of one attempt: claimed on the delivery first (its attempt counted, its retry's time
   * set), so that the same attempt queued twice, or run again after its instance died mid-way, is
   * made once; a message whose attempt was cut off is due again at that retry time.
   */
  async function runAttempt({ deliveryId, attempt: number }: DeliveryAttempt): Promise<void> {
    const now = clock.now();
    const retryAfter = RETRY_AFTER_MS[number - 1] ?? LONGEST_WAIT_MS;
    const delivery = await repo.claimAttempt(db, deliveryId, number, now, new Date(now.getTime() + retryAfter));
    if (!delivery) return;
    const channel = await repo.channelById(db, delivery.channelId);
    if (channel) await attempt(delivery, channel, messageOf(delivery), number);
  }

  tasks.define<DeliveryAttempt>({
    kind: 'notification-delivery',
    // A message's own retries are its delivery's (due again after 1, 2, 4 minutes); these are
    // for an attempt that could not be made at all (the database out of reach).
    retryLimit: 3,
    retryDelaySeconds: 5,
    run: (payload) => runAttempt(payload),
  });

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

  /** Queues the messages due, each channel within its rate; gives up a message whose last attempt was cut off. */
  async function queueDue(now: Date) {
    const channels = new Map<number, ChannelRow | undefined>();
    for (const delivery of await repo.dueDeliveries(db, now)) {
      if (delivery.attempts >= MAX_ATTEMPTS) {
        await repo.updateDelivery(db, delivery.id, { state: 'FAILED', nextAttemptTime: null });
        continue;
      }
      if (!channels.has(delivery.channelId))
        channels.set(delivery.channelId, await repo.channelById(db, delivery.channelId));
      const channel = channels.get(delivery.channelId);
      if (!channel) continue;
      const load = await repo.channelLoad(db, channel.id, new Date(now.getTime() - MINUTE_MS));
      if (load.recent + load.inFlight >= channel.ratePerMinute) continue;
      const payload: DeliveryAttempt = { deliveryId: delivery.id, attempt: delivery.attempts + 1 };
      await tasks.enqueue('notification-delivery', payload, { owner: null, subjectId: delivery.id });
      // No longer due, unless its task took it already (queued twice after a crash here, it is still made once).
      await repo.markQueued(db, delivery.id, delivery.attempts);
    }
  }

  return {
    /** The scheduled run: escalations, digests, then the messages due queued. */
    async run(): Promise<void> {
      const now = clock.now();
      await escalate(now);
      await gather(now);
      await queueDue(now);
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
      await attempt(delivery, channel, message, 1, false);
      return delivery.id;
    },
  };
}
export type NotificationDelivery = ReturnType<typeof createNotificationDelivery>;
