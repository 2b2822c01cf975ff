import type { FastifyInstance } from 'fastify';
import type { Deps } from './lib/deps.ts';
import type { FileStore } from './lib/file-storage.ts';
import type { Scheduler } from './lib/scheduler.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import type { SlaService } from './modules/workorders/sla.service.ts';

/**
 * The reports as the app composes them: figures from the roll-ups, the ledger and the SLA clocks;
 * files made on the task queue (kept with the background exports); and the scheduled reports,
 * whose mails are queued by a scheduled job once a day or month has closed.
 */
export function composeReports(
  app: FastifyInstance,
  deps: Deps,
  { ledger, sla, scheduler, files }: { ledger: LedgerService; sla: SlaService; scheduler: Scheduler; files: FileStore },
) {
  const reports = createReportsService(deps, { ledger, sla, tasks: app.tasks, store: files, log: app.log });
  scheduler.add('report-schedules', '0 */10 * * * *', () => reports.sendDue());
  return reports;
}
