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
import type { Language } from '../../lib/texts.ts';
import { render } from '../../lib/texts.ts';
import { wireMapper } from '../../lib/wire.ts';
import { downloadName, writeXlsxFile } from '../../lib/xlsx.ts';
import { type ExportRecord, exportsRepository as repo } from './exports.repository.ts';

/** What a background export writes: the list's name and columns, and its rows a batch at a time. */
export interface ExportSource<T> {
  kind: ExportJob['kind'];
  sheet: Omit<ListSheet<T>, 'rows'>;
  batches: () => AsyncIterable<readonly T[]>;
}

const toDto = wireMapper(ExportJob);

export type ExportsService = ReturnType<typeof createExportsService>;

/**
 * Lists too long to answer at once, exported in the background: written to a workbook a batch at
 * a time (never held whole), stored with the other files, downloaded by the user who asked, and
 * removed after EXPORT_KEPT_DAYS days.
 */
export function createExportsService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  { store, log }: { store: FileStore; log: FastifyBaseLogger },
) {
  const running = new Set<Promise<void>>();

  async function write<T>(job: ExportRecord, source: ExportSource<T>, language: Language): Promise<void> {
    const file = path.join(os.tmpdir(), `water-export-${job.id}-${process.pid}.xlsx`);
    try {
      await repo.update(db, job.id, { status: 'RUNNING' });
      const sheet = { name: source.sheet.name, columns: sheetColumns(source.sheet.columns, language) };
      const rows = await writeXlsxFile(file, sheet, source.batches());
      const bytes = await readFile(file);
      const fileName = await store.save(bytes, 'xlsx');
      await repo.update(db, job.id, { status: 'DONE', rows, fileName, size: bytes.length, doneTime: clock.now() });
    } catch (error) {
      log.error({ err: error, exportId: job.id }, 'a background export failed');
      await repo
        .update(db, job.id, {
          status: 'FAILED',
          error: 'errors.files.exportFailed',
          doneTime: clock.now(),
        })
        .catch(() => undefined);
    } finally {
      await rm(file, { force: true });
    }
  }

  return {
    /**
     * Starts an export for the caller, written in their language, and answers it at once, pending;
     * one at a time for each user.
     */
    async start<T>(principal: Principal, source: ExportSource<T>, language: Language): Promise<ExportJob> {
      const [latest] = await repo.mine(db, principal.id, 1);
      if (latest && (latest.status === 'PENDING' || latest.status === 'RUNNING')) {
        throw new HttpError(409, { key: 'errors.files.exportRunning' }, 'STATE_CONFLICT');
      }
      const job = await repo.insert(db, source.kind, principal.id);
      const work = write(job, source, language);
      running.add(work);
      void work.finally(() => running.delete(work));
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

    /** Waits for the exports under way (tests, and a graceful stop). */
    async settled(): Promise<void> {
      await Promise.all(running);
    },
  };
}
