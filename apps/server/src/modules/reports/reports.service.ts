import {
  type Report,
  ReportFile,
  type ReportFileInput,
  type ReportQuery,
  ReportSchedule,
  type ReportScheduleInput,
} from '@water/contract/reports';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { noSuch, notFound } from '../../lib/http-errors.ts';
import { type TaskContext, TaskFailure, type TaskQueue } from '../../lib/task-queue.ts';
import type { Language } from '../../lib/texts.ts';
import { wireMapper } from '../../lib/wire.ts';
import { createReportFigures, type ReportSources, reportRange } from './report-figures.ts';
import { REPORT_CONTENT_TYPES, REPORT_EXTENSIONS, reportFile, reportFileName } from './report-files.ts';
import { createReportMailing, type MailPayload } from './report-mailing.ts';
import { reportsRepository as repo } from './reports.repository.ts';

/** What the task of a report file carries. */
interface FilePayload {
  fileId: number;
  userId: number;
  query: ReportQuery;
  format: ReportFileInput['format'];
  language: Language;
}

const toFile = wireMapper(ReportFile);
const toSchedule = wireMapper(ReportSchedule);

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The reports: figures on the page; their Excel and PDF files, made by background tasks and
 * downloaded by whoever asked; and schedules that e-mail a report after each day or month
 * closes. Each is read with the data scope of the user it is for.
 */
export function createReportsService(
  deps: Pick<Deps, 'db' | 'clock' | 'principals' | 'mailer'>,
  sources: ReportSources & { tasks: TaskQueue; store: FileStore; log: FastifyBaseLogger },
) {
  const { db, clock, principals } = deps;
  const { tasks, store, log } = sources;
  const figures = createReportFigures(deps, sources);

  /** The report of a user who may still read it (a task runs later, maybe after they lost the right). */
  async function reportFor(userId: number, query: ReportQuery): Promise<Report> {
    const principal = await principals.get(userId);
    if (!principal?.enabled) throw new TaskFailure('errors.reports.fileFailed');
    return figures(principal, query);
  }

  async function makeFile(payload: FilePayload, context: TaskContext): Promise<void> {
    try {
      const report = await reportFor(payload.userId, payload.query);
      await context.progress(50);
      const bytes = await reportFile(report, payload.format, payload.language, clock.now());
      const fileName = await store.save(bytes, REPORT_EXTENSIONS[payload.format]);
      await repo.updateFile(db, payload.fileId, {
        status: 'DONE',
        fileName,
        size: bytes.length,
        doneTime: clock.now(),
      });
    } catch (error) {
      if (context.lastAttempt) {
        log.error({ err: error, fileId: payload.fileId }, 'a report file could not be made');
        await repo.updateFile(db, payload.fileId, { status: 'FAILED', doneTime: clock.now() }).catch(() => undefined);
      }
      throw error;
    }
  }

  tasks.define<FilePayload>({
    kind: 'report-file',
    retryLimit: 2,
    retryDelaySeconds: 5,
    run: makeFile,
    requeued: async (payload) => repo.updateFile(db, payload.fileId, { status: 'PENDING', doneTime: null }),
  });
  const mailing = createReportMailing(deps, { reportFor, log });
  tasks.define<MailPayload>({ kind: 'report-mail', retryLimit: 3, retryDelaySeconds: 30, run: mailing.send });

  /** A schedule the caller may see: their own, or any for a caller who sees every agent. */
  async function visibleSchedule(principal: Principal, id: number) {
    const row = await repo.scheduleById(db, id);
    if (!row || (principal.scope !== null && row.userId !== principal.id)) throw notFound(noSuch('reportSchedule', id));
    return row;
  }

  return {
    report: figures,

    /** Queues the caller's report file; the jobs drawer shows its task and downloads it when done. */
    async makeFile(principal: Principal, input: ReportFileInput, language: Language): Promise<ReportFile> {
      const { format, ...query } = input;
      reportRange(query);
      const file = await repo.insertFile(db, { userId: principal.id, format, query });
      const payload: FilePayload = { fileId: file.id, userId: principal.id, query, format, language };
      await tasks.enqueue('report-file', payload, { owner: principal.id, subjectId: file.id });
      return toFile(file);
    },

    /** Sends a finished report file to the user who asked for it (to anyone else: 404). */
    async sendFile(principal: Principal, id: number, reply: FastifyReply): Promise<FastifyReply> {
      const file = await repo.fileById(db, id);
      if (!file || file.userId !== principal.id || file.status !== 'DONE' || !file.fileName) {
        throw notFound(noSuch('reportFile', id));
      }
      const range = reportRange(file.query);
      const name = reportFileName({ ...file.query, ...range });
      return store.send(reply.type(REPORT_CONTENT_TYPES[file.format]), file.fileName, {
        cacheControl: 'private, no-store',
        downloadAs: `${name}.${REPORT_EXTENSIONS[file.format]}`,
        missing: `No finished report file with id ${id}`,
      });
    },

    async schedules(principal: Principal): Promise<ReportSchedule[]> {
      return (await repo.schedules(db, principal.scope === null ? null : principal.id)).map(toSchedule);
    },

    async addSchedule(principal: Principal, input: ReportScheduleInput, language: Language): Promise<ReportSchedule> {
      const { id: _id, ...values } = input;
      const row = await repo.insertSchedule(db, {
        ...values,
        recipients: [...new Set(values.recipients.map((recipient) => recipient.trim()))],
        language,
        userId: principal.id,
        createBy: principal.username,
      });
      return toSchedule(row);
    },

    async editSchedule(principal: Principal, input: ReportScheduleInput): Promise<void> {
      const { id, ...values } = input;
      if (id === undefined) throw notFound(noSuch('reportSchedule', 0));
      await visibleSchedule(principal, id);
      await repo.updateSchedule(db, id, {
        ...values,
        recipients: [...new Set(values.recipients.map((recipient) => recipient.trim()))],
        updateTime: clock.now(),
      });
    },

    async deleteSchedules(principal: Principal, ids: readonly number[]): Promise<void> {
      for (const id of ids) await visibleSchedule(principal, id);
      await repo.deleteSchedules(db, ids);
    },

    /** Queues the mail of each enabled schedule whose last day or month closed since it last went. */
    async sendDue(): Promise<number> {
      let queued = 0;
      for (const schedule of await repo.enabledSchedules(db)) {
        const period = mailing.lastClosed(schedule.period, clock.now());
        if (schedule.lastPeriod === period) continue;
        await repo.updateSchedule(db, schedule.id, { lastPeriod: period });
        const payload: MailPayload = { scheduleId: schedule.id, period };
        await tasks.enqueue('report-mail', payload, { owner: null, subjectId: schedule.id });
        queued++;
      }
      return queued;
    },
  };
}
