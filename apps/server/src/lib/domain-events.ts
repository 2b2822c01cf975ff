import type { Database } from '../db/client.ts';

/** What reacts to a domain event: run inside the unit of work (transaction) that raised it. */
export type DomainEventHandler<Event> = (tx: Database, event: Event) => Promise<void>;

/**
 * The reactions to one kind of domain event, run in the order they were registered, in the
 * transaction of the change that raised the event: the change and every reaction commit or roll
 * back together. The caller's service raises; the reacting modules' services register, composed
 * in one place (`app.ts`).
 */
export class DomainEvents<Event> {
  readonly #handlers: DomainEventHandler<Event>[] = [];

  on(handler: DomainEventHandler<Event>): this {
    this.#handlers.push(handler);
    return this;
  }

  async emit(tx: Database, event: Event): Promise<void> {
    for (const handler of this.#handlers) await handler(tx, event);
  }
}
