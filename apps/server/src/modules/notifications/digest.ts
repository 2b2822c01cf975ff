import type { NotifyEvent } from '@water/contract/notifications';
import { type Language, render, type TextRef } from '../../lib/texts.ts';
import type { OutgoingMessage } from './channel-senders.ts';

/** How many events a digest names; the others it counts. */
export const DIGEST_LINES = 10;

export interface WaitingItem {
  id: number;
  event: NotifyEvent;
  says: TextRef;
  escalatedAfter: number | null;
}

export interface Digest {
  message: OutgoingMessage;
  items: WaitingItem[];
  escalation: boolean;
}

/**
 * The events waiting on a channel as messages: one per event (and per escalation), however many
 * came together: "Machines went offline: 200", the first 10 named, "… and 190 more".
 */
export function digestsOf(items: readonly WaitingItem[], language: Language): Digest[] {
  const groups = new Map<string, WaitingItem[]>();
  for (const item of items) {
    const key = `${item.event}:${item.escalatedAfter ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [WaitingItem, ...WaitingItem[]];
    const count = group.length;
    let subject = render(language, { key: `notifications.message.subjects.${first.event}`, values: { count } });
    if (first.escalatedAfter !== null) {
      subject = render(language, {
        key: 'notifications.message.escalated',
        values: { minutes: first.escalatedAfter, subject },
      });
    }
    const lines = group.slice(0, DIGEST_LINES).map((item) => render(language, item.says));
    if (count > DIGEST_LINES) {
      lines.push(render(language, { key: 'notifications.message.more', values: { count: count - DIGEST_LINES } }));
    }
    return {
      message: { subject, lines, events: [first.event] },
      items: group,
      escalation: first.escalatedAfter !== null,
    };
  });
}
