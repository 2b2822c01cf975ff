import type { PageOf } from '@water/contract/common';
import {
  ALARM_EVENTS,
  NotifyChannel,
  type NotifyChannelInput,
  NotifyDelivery,
  type NotifyDeliveryQuery,
  type NotifyEvent,
  type NotifyListQuery,
  NotifyRule,
  type NotifyRuleInput,
} from '@water/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, invalidField, noSuch, notFound, unknownInReach } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { secretBox } from '../../lib/secret-box.ts';
import type { TaskQueue } from '../../lib/task-queue.ts';
import { render, type TextRef } from '../../lib/texts.ts';
import { wireMapper, wireOf } from '../../lib/wire.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import { maskedUrl } from './masked-url.ts';
import { createNotificationDelivery } from './notification-delivery.ts';
import {
  type ChannelRow,
  channelOrder,
  channelSortable,
  deliveryOrder,
  deliverySortable,
  notificationsRepository as repo,
  ruleOrder,
} from './notifications.repository.ts';

/** What an event says and whose it is, as a module raising it gives it. */
export interface NotifyInput {
  /** The agent whose machine (or money) it is about; null: the company's own. */
  agentId: number | null;
  /** The alarm it is about: a rule with an escalation looks at it again when the time is up. */
  alarmId?: number;
  /** One line of the message, written in each channel's language. */
  says: TextRef;
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

const channelAnswer = (row: ChannelRow): NotifyChannel =>
  wireOf(NotifyChannel, { ...row, target: row.targetMasked, secretSet: row.secret !== null });
const ruleAnswer = wireMapper(NotifyRule);
const deliveryAnswer = wireMapper(NotifyDelivery);

/** A channel's address checked for its kind: e-mail addresses, or an http(s) address. */
function checkedTarget(kind: NotifyChannelInput['kind'], target: string): { target: string; masked: string } {
  if (kind === 'EMAIL') {
    const addresses = target
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    if (addresses.length === 0 || !addresses.every((address) => EMAIL.test(address))) {
      throw invalidField('target', { key: 'errors.notifications.badEmails' });
    }
    const joined = addresses.join(', ');
    return { target: joined, masked: joined };
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw invalidField('target', { key: 'errors.notifications.badUrl' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalidField('target', { key: 'errors.notifications.badUrl' });
  return { target: url.toString(), masked: maskedUrl(url.toString()) };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Notification channels and rules, kept by staff holding notify:edit; `notify`, which other
 * modules call in the transaction of their change, leaves an event on the channels of the rules
 * it matches (and an alarm to look at again for each escalation); `delivery.run` queues their sending.
 */
export function createNotificationsService(
  { db, clock, mailer }: Pick<Deps, 'db' | 'clock' | 'mailer'>,
  { serverSecret, log, tasks }: { serverSecret: string; log: FastifyBaseLogger; tasks: TaskQueue },
) {
  const box = secretBox(serverSecret, 'notify');
  const delivery = createNotificationDelivery({ db, clock, mailer }, { box, log, tasks });

  async function channelOf(id: number) {
    const row = await repo.channelById(db, id);
    if (!row) throw notFound(noSuch('notifyChannel', id));
    return row;
  }

  function channelValues(input: NotifyChannelInput, kept?: ChannelRow) {
    const given = input.target?.trim();
    if (!given && (!kept || (kept.kind === 'EMAIL') !== (input.kind === 'EMAIL'))) {
      throw invalidField('target', { key: 'errors.notifications.targetRequired' }, 'required');
    }
    const address = given ? checkedTarget(input.kind, given) : undefined;
    const secret = input.kind === 'EMAIL' || input.secret === '' ? null : input.secret;
    return {
      name: input.name.trim(),
      kind: input.kind,
      ...(address ? { target: box.seal(address.target), targetMasked: address.masked } : {}),
      ...(secret === undefined ? {} : { secret: secret === null ? null : box.seal(secret) }),
      language: input.language,
      ratePerMinute: input.ratePerMinute,
      digestSeconds: input.digestSeconds,
      enabled: input.enabled,
      updateTime: clock.now(),
    };
  }

  /** Checks a rule's agent is in the caller's reach (every agent only for an unrestricted caller) and its channels. */
  async function ruleValues(principal: Principal, input: NotifyRuleInput) {
    const reach = await agentIdsInScope(db, principal.scope);
    const agentId = input.agentId ?? null;
    if (
      agentId === null
        ? reach !== null
        : !(await repo.agentExists(db, agentId)) || (reach !== null && !reach.includes(agentId))
    ) {
      throw invalidField('agentId', unknownInReach('agent', agentId ?? 0), 'unknown_reference');
    }
    const escalationChannelId = input.escalationChannelId ?? null;
    const minutes = input.escalateAfterMinutes ?? null;
    if ((escalationChannelId === null) !== (minutes === null)) {
      throw invalidField('escalationChannelId', { key: 'errors.notifications.escalationIncomplete' });
    }
    if (escalationChannelId !== null && !ALARM_EVENTS.includes(input.event)) {
      throw invalidField('escalationChannelId', { key: 'errors.notifications.escalationNotAlarm' });
    }
    for (const [field, id] of [
      ['channelId', input.channelId],
      ['escalationChannelId', escalationChannelId],
    ] as const) {
      if (id !== null && !(await repo.channelById(db, id)))
        throw invalidField(field, noSuch('notifyChannel', id), 'unknown_reference');
    }
    return {
      event: input.event,
      agentId,
      channelId: input.channelId,
      escalationChannelId,
      escalateAfterMinutes: minutes,
      enabled: input.enabled,
    };
  }

  async function ruleInReach(principal: Principal, id: number) {
    const row = await repo.ruleById(db, id);
    const reach = await agentIdsInScope(db, principal.scope);
    if (!row || (reach !== null && (row.agentId === null || !reach.includes(row.agentId))))
      throw notFound(noSuch('notifyRule', id));
    return row;
  }

  return {
    delivery,

    async channels(query: NotifyListQuery): Promise<PageOf<NotifyChannel>> {
      const page = await repo.channelPage(db, toPaging(query, channelSortable, channelOrder));
      return { content: page.content.map(channelAnswer), totalElements: page.totalElements };
    },
    async addChannel(input: NotifyChannelInput): Promise<NotifyChannel> {
      const values = channelValues(input);
      return channelAnswer(
        await repo.insertChannel(db, {
          ...values,
          target: values.target as string,
          targetMasked: values.targetMasked as string,
        }),
      );
    },
    async editChannel(id: number, input: NotifyChannelInput): Promise<NotifyChannel> {
      const updated = await repo.updateChannel(db, id, channelValues(input, await channelOf(id)));
      if (!updated) throw notFound(noSuch('notifyChannel', id));
      return channelAnswer(updated);
    },
    async removeChannel(id: number): Promise<NotifyChannel> {
      const row = await channelOf(id);
      const using = await repo.rulesUsing(db, id);
      if (using > 0)
        throw badRequest({ key: 'errors.notifications.channelInUse', values: { name: row.name, count: using } });
      await repo.deleteChannel(db, id);
      return channelAnswer(row);
    },
    /** Sends a test message now, in the channel's language; answers its delivery, sent or failed. */
    async testChannel(id: number): Promise<NotifyDelivery> {
      const channel = await channelOf(id);
      const message = {
        subject: render(channel.language, { key: 'notifications.message.testSubject' }),
        lines: [render(channel.language, { key: 'notifications.message.testBody', values: { name: channel.name } })],
        events: ['TEST'],
      };
      const sent = await delivery.sendNow(channel, message, 'TEST');
      return deliveryAnswer(
        (await repo.deliveryAnswer(db, sent)) as NonNullable<Awaited<ReturnType<typeof repo.deliveryAnswer>>>,
      );
    },

    async rules(principal: Principal, query: NotifyListQuery): Promise<PageOf<NotifyRule>> {
      const reach = await agentIdsInScope(db, principal.scope);
      const page = await repo.rulePage(db, reach, toPaging(query, {}, ruleOrder));
      return { content: page.content.map(ruleAnswer), totalElements: page.totalElements };
    },
    async addRule(principal: Principal, input: NotifyRuleInput): Promise<NotifyRule> {
      const id = await repo.insertRule(db, await ruleValues(principal, input));
      return ruleAnswer(await ruleInReach(principal, id));
    },
    async editRule(principal: Principal, id: number, input: NotifyRuleInput): Promise<NotifyRule> {
      await ruleInReach(principal, id);
      await repo.updateRule(db, id, await ruleValues(principal, input));
      return ruleAnswer(await ruleInReach(principal, id));
    },
    async removeRule(principal: Principal, id: number): Promise<NotifyRule> {
      const row = await ruleInReach(principal, id);
      await repo.deleteRule(db, id);
      return ruleAnswer(row);
    },

    async deliveries(query: NotifyDeliveryQuery): Promise<PageOf<NotifyDelivery>> {
      const page = await repo.deliveryPage(db, query, toPaging(query, deliverySortable, deliveryOrder));
      return { content: page.content.map(deliveryAnswer), totalElements: page.totalElements };
    },

    /**
     * An event of an agent's machine (or money): left on the channels of the enabled rules of that
     * event for the agent, one of its parents, or every agent; sent within their digest window.
     * Called in the transaction of the change that raised it (`tx`), so both commit together.
     */
    async notify(event: NotifyEvent, input: NotifyInput, tx = db): Promise<void> {
      const agents = input.agentId === null ? [] : await repo.agentAndParents(tx, input.agentId);
      const rules = await repo.matchingRules(tx, event, agents);
      if (rules.length === 0) return;
      const now = clock.now();
      const channels = new Set(rules.map((rule) => rule.channelId));
      await repo.addItems(
        tx,
        [...channels].map((channelId) => ({ channelId, event, says: input.says, createTime: now })),
      );
      const { alarmId } = input;
      if (alarmId === undefined) return;
      await repo.addEscalations(
        tx,
        rules.flatMap((rule) =>
          rule.escalationChannelId !== null && rule.escalateAfterMinutes !== null
            ? [
                {
                  alarmId,
                  channelId: rule.escalationChannelId,
                  event,
                  says: input.says,
                  minutes: rule.escalateAfterMinutes,
                  dueTime: new Date(now.getTime() + rule.escalateAfterMinutes * 60_000),
                },
              ]
            : [],
        ),
      );
    },
  };
}
