import type { FastifyInstance } from 'fastify';
import type { Deps } from './lib/deps.ts';
import type { FileStore } from './lib/file-storage.ts';
import { TaskQueue } from './lib/task-queue.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import { queueStatements } from './modules/ledger/statement-tasks.ts';
import { createTasksService } from './modules/tasks/tasks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable background tasks (exports, statements, notifications' deliveries, …). */
    tasks: TaskQueue;
  }
}

/**
 * Durable background work: the task queue on the app's database, and the work that runs on it
 * (background exports, the statements of a closed period; notifications define their deliveries'
 * where they are composed). The queue starts when the app is ready and stops before the database
 * closes; a task running then is queued again for the next start (or another instance).
 */
export function composeBackgroundWork(
  app: FastifyInstance,
  deps: Deps,
  { exportFiles, ledger }: { exportFiles: FileStore; ledger: LedgerService },
) {
  const queue = new TaskQueue(deps.database, app.log);
  queueStatements(ledger, queue);
  const exports = createExportsService(deps, { store: exportFiles, log: app.log, tasks: queue });
  const tasks = createTasksService({ tasks: queue });
  app.decorate('tasks', queue);
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => queue.stop());
  return { exports, tasks };
}
