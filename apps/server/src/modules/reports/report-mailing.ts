import type { Report, ReportPeriod, ReportQuery } from '@water/contract/reports';
import dayjs from 'dayjs';
import type { FastifyBaseLogger } from 'fastify';
import { yuanText } from '../../domain/money.ts';
import type { Deps } from '../../lib/deps.ts';
import type { TaskContext } from '../../lib/task-queue.ts';
import { type Language, render, textsIn } from '../../lib/texts.ts';
import { REPORT_CONTENT_TYPES, REPORT_EXTENSIONS, reportFile, reportFileName } from './report-files.ts';
import { reportsRepository as repo } from './reports.repository.ts';

/** What the task of a scheduled report's mail carries: the schedule and the day or month it covers. */
export interface MailPayload {
  scheduleId: number;
  /** `yyyy-MM-dd` or `yyyy-MM`. */
  period: string;
}

const DAY = 'YYYY-MM-DD';

/** The query of a closed day (`2026-03-04`) or month (`2026-03`). */
function queryOf(period: ReportPeriod, closed: string, by: ReportQuery['by']): ReportQuery {
  if (period === 'DAY') return { period, from: closed, to: closed, by };
  const month = dayjs(`${closed}-01`);
  return { period, from: month.format(DAY), to: month.endOf('month').format(DAY), by };
}

/**
 * Scheduled reports' mails: after each day (month) closes, the report of that day (month) in
 * its schedule's format and language, attached to one mail to the schedule's recipients. What
 * happened is kept on the schedule: when it last went, and why the last try failed.
 */
export function createReportMailing(
  { db, clock, mailer }: Pick<Deps, 'db' | 'clock' | 'mailer'>,
  { reportFor, log }: { reportFor: (userId: number, query: ReportQuery) => Promise<Report>; log: FastifyBaseLogger },
) {
  return {
    /** The last day (month) that closed before `now`, in the server's time zone. */
    lastClosed(period: ReportPeriod, now: Date): string {
      return period === 'DAY'
        ? dayjs(now).subtract(1, 'day').format(DAY)
        : dayjs(now).startOf('month').subtract(1, 'month').format('YYYY-MM');
    },

    async send(payload: MailPayload, context: TaskContext): Promise<void> {
      const schedule = await repo.scheduleById(db, payload.scheduleId);
      if (!schedule) return;
      const language: Language = schedule.language === 'zh' ? 'zh' : 'en';
      try {
        const report = await reportFor(schedule.userId, queryOf(schedule.period, payload.period, schedule.by));
        const bytes = await reportFile(report, schedule.format, language, clock.now());
        const t = textsIn(language);
        const summary = t('reports.mailSummary', {
          revenue: yuanText(report.totals.revenue),
          orders: report.totals.orders,
          litres: (report.totals.dispensedMl / 1000).toFixed(2),
        });
        await mailer.send(
          {
            to: schedule.recipients.join(', '),
            subject: t('reports.mailSubject', { name: schedule.name, period: payload.period }),
            text: t('reports.mailText', { name: schedule.name, period: payload.period, summary }),
            attachments: [
              {
                filename: `${reportFileName(report)}.${REPORT_EXTENSIONS[schedule.format]}`,
                content: bytes,
                contentType: REPORT_CONTENT_TYPES[schedule.format],
              },
            ],
          },
          log,
        );
        await repo.updateSchedule(db, schedule.id, { lastSentTime: clock.now(), lastError: null });
      } catch (error) {
        const message =
          error instanceof Error && error.message.startsWith('errors.')
            ? render(language, { key: error.message })
            : error instanceof Error
              ? error.message
              : String(error);
        await repo.updateSchedule(db, schedule.id, { lastError: message.slice(0, 500) });
        if (!context.lastAttempt) log.warn({ err: error, scheduleId: schedule.id }, 'a scheduled report was not sent');
        throw error;
      }
    },
  };
}
