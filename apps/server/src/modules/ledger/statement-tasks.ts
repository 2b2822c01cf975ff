import type { TaskQueue } from '../../lib/task-queue.ts';
import type { LedgerService } from './ledger.service.ts';
import type { StatementsWanted } from './statement-generation.ts';

/**
 * The agents' statements as background work: closing a period queues the making of its
 * statements, every agent's, as a task of the user who closed it (in their jobs drawer, with its
 * progress per agent), taken by one instance, retried with a growing delay, and safe to run again
 * after a crash mid-way (a statement made is not made twice).
 */
export function queueStatements(ledger: LedgerService, tasks: TaskQueue): void {
  tasks.define<StatementsWanted>({
    kind: 'statements',
    retryLimit: 3,
    retryDelaySeconds: 30,
    run: async (wanted, { progress }) => {
      await ledger.makeStatements(wanted, progress);
    },
  });
  ledger.onClosed(({ period, by }) => tasks.enqueue('statements', { period }, { owner: by }));
}
