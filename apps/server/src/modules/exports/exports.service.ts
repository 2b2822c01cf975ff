import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_KEPT_DAYS, ExportJob } from '@water/contract/exports';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { HttpError, noSuch, notFound } from '../../lib/http-errors.ts';
import { type ListSheet, sheetColumns } from '../../lib/list-sheet.ts';
import type { TaskContext, TaskQueue } from '../../lib/task-queue.ts';
import type { Language } from '../../lib/texts.ts';
import { render } from '../../lib/texts.ts';
import { wireMapper } from '../../lib/wire.ts';
import { downloadName, writeXlsxFile } from '../../lib/xlsx.ts';
import { exportsRepository as repo } from './exports.repository.ts';

/** What a background export writes: the list's name and columns, and its rows a batch at a time. */
export interface ExportSource<T> {
  sheet: Omit<ListSheet<T>, 'rows'>;
  batches: () => AsyncIterable<readonly T[]>;
}

/**
 * How a kind of list is read again from what its export stored (the caller's filter and reach,
 * as JSON): a queued export is written by whichever instance takes it, maybe after a restart.
 */
type ExportSourceOf = (params: unknown) => ExportSource<unknown>;

/** What the task of an export carries. */
interface ExportPayload {
  exportId: number;
  kind: ExportJob['kind'];
  params: unknown;
  language: Language;
  /** Rows expected, for the progress bar. */
  total: number;
}

const toDto = wireMapper(ExportJob);

export type ExportsService = ReturnType<typeof createExportsService>;

/**
 * Lists too long to answer at once, exported in the background as durable tasks (lib/task-queue):
 * written to a workbook a batch at a time (never held whole), stored with the other files,
 * downloaded by the user who asked, and removed after EXPORT_KEPT_DAYS days. An export whose
 * server stopped mid-way is written again from the start by the next instance to take it.
 */
export function createExportsService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { store, log, tasks }: { store: FileStore; log: FastifyBaseLogger; tasks: TaskQueue },
) {
  const sources = new Map<ExportJob['kind'], ExportSourceOf>();

  async function write(payload: ExportPayload, context: TaskContext): Promise<void> {
    const source = sources.get(payload.kind);
    if (!source) throw new Error(`no export source of ${payload.kind}`);
    const { sheet, batches } = source(payload.params);
    const file = path.join(os.tmpdir(), `water-export-${payload.exportId}-${process.pid}-${context.attempt}.xlsx`);
    try {
      await repo.update(db, payload.exportId, { status: 'RUNNING', error: null });
      let written = 0;
      async function* counted() {
        for await (const batch of batches()) {
          if (context.signal.aborted) throw new Error('the server is stopping');
          yield batch;
          written += batch.length;
          await context.progress((written / Math.max(1, payload.total)) * 100);
        }
      }
      const columns = sheetColumns(sheet.columns, payload.language);
      const rows = await writeXlsxFile(file, { name: sheet.name, columns }, counted());
      const bytes = await readFile(file);
      const fileName = await store.save(bytes, 'xlsx');
      await repo.update(db, payload.exportId, {
        status: 'DONE',
        rows,
        fileName,
        size: bytes.length,
        doneTime: clock.now(),
      });
    } catch (error) {
      if (context.lastAttempt) {
        log.error({ err: error, exportId: payload.exportId }, 'a background export failed');
        await repo
          .update(db, payload.exportId, { status: 'FAILED', error: 'errors.files.exportFailed', doneTime: clock.now() })
          .catch(() => undefined);
      }
      throw error;
    } finally {
      await rm(file, { force: true });
    }
  }

  tasks.define<ExportPayload>({
    kind: 'orders-export',
    retryLimit: 2,
    retryDelaySeconds: 5,
    run: write,
    requeued: async (payload) => repo.update(db, payload.exportId, { status: 'PENDING', error: null, doneTime: null }),
  });

  return {
    /** Registers how a kind of list is read for its exports (by the module that owns the list). */
    source<P, T>(kind: ExportJob['kind'], read: (params: P) => ExportSource<T>): void {
      sources.set(kind, read as unknown as ExportSourceOf);
    },

    /**
     * Queues an export for the caller of `total` rows read by `params`, written in their
     * language, and answers it at once, pending; one at a time for each user.
     */
    async start(
      principal: Principal,
      request: { kind: ExportJob['kind']; params: unknown; total: number },
      language: Language,
    ): Promise<ExportJob> {
      const [latest] = await repo.mine(db, principal.id, 1);
      if (latest && (latest.status === 'PENDING' || latest.status === 'RUNNING')) {
        throw new HttpError(409, { key: 'errors.files.exportRunning' }, 'STATE_CONFLICT');
      }
      const job = await repo.insert(db, request.kind, principal.id);
      const payload: ExportPayload = { exportId: job.id, ...request, language };
      await tasks.enqueue('orders-export', payload, { owner: principal.id, subjectId: job.id });
      return toDto(job);
    },

    /** The caller's latest exports, why one failed said in the language asked for. */
    async mine(principal: Principal, language: Language = 'en'): Promise<ExportJob[]> {
      return (await repo.mine(db, principal.id, 20)).map((job) =>
        toDto({ ...job, error: job.error?.startsWith('errors.') ? render(language, { key: job.error }) : job.error }),
      );
    },

    /** Sends a finished export to the user who asked for it (to anyone else: 404). */
    async send(principal: Principal, id: number, reply: FastifyReply): Promise<FastifyReply> {
      const job = await repo.byId(db, id);
      if (!job || job.userId !== principal.id || job.status !== 'DONE' || !job.fileName) {
        throw notFound(noSuch('finishedExport', id));
      }
      return store.send(reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), job.fileName, {
        cacheControl: 'private, no-store',
        downloadAs: downloadName(job.kind, job.createTime),
        missing: `No finished export with id ${id}`,
      });
    },

    /** Removes exports older than EXPORT_KEPT_DAYS days, and marks failed those whose instance stopped mid-way. */
    async purge(): Promise<number> {
      const now = clock.now().getTime();
      const stale = await repo.stale(db, new Date(now - EXPORT_KEPT_DAYS * 86_400_000), new Date(now - 3_600_000));
      const old = stale.filter((job) => job.createTime.getTime() < now - EXPORT_KEPT_DAYS * 86_400_000);
      await store.remove(old.map((job) => job.fileName));
      await repo.remove(
        db,
        old.map((job) => job.id),
      );
      for (const job of stale.filter((candidate) => !old.includes(candidate))) {
        await repo.update(db, job.id, { status: 'FAILED', error: 'errors.files.exportInterrupted' });
      }
      return old.length;
    },
  };
}
