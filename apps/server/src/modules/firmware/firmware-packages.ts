import { createHash } from 'node:crypto';
import type { PageOf } from '@water/contract/common';
import { FirmwarePackage, type FirmwarePackageQuery, type FirmwareUploadQuery } from '@water/contract/firmware';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { HttpError, invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { displayName, readUpload } from '../../lib/uploads.ts';
import { wireMapper } from '../../lib/wire.ts';
import { packageOrder, packageSortable, firmwareRepository as repo } from './firmware.repository.ts';
import type { FirmwareLinks } from './firmware-links.ts';

const toPackage = wireMapper(FirmwarePackage);

/** A refused download link: 403 in the error format, whatever was wrong with it. */
const badLink = () => new HttpError(403, { key: 'errors.firmware.badLink' }, 'SIGNATURE_INVALID');

/**
 * Firmware packages: uploaded per machine model (one file per version, its SHA-256 computed here),
 * kept in the firmware file store, listed, deleted while no rollout takes them, and downloaded by
 * machines through signed links.
 */
export function createFirmwarePackages(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  files: FileStore,
  links: FirmwareLinks,
) {
  return {
    async upload(principal: Principal, request: FastifyRequest, query: FirmwareUploadQuery): Promise<FirmwarePackage> {
      const model = await repo.modelById(db, query.modelId);
      if (!model) throw notFound(noSuch('machineModel', query.modelId));
      const { bytes, filename } = await readUpload(request, 'file');
      if (bytes.length === 0) throw invalidField('file', { key: 'errors.files.empty' }, 'required');
      const realName = await files.save(bytes, 'bin');
      try {
        const { id } = await repo.insertPackage(db, {
          modelId: model.id,
          version: query.version,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          size: bytes.length,
          fileName: displayName(filename),
          realName,
          notes: query.notes?.trim() || null,
          createBy: principal.username,
        });
        return toPackage((await repo.packageById(db, id)) as NonNullable<Awaited<ReturnType<typeof repo.packageById>>>);
      } catch (error) {
        await files.remove([realName]);
        if (isUniqueViolation(error)) {
          throw invalidField(
            'version',
            { key: 'errors.firmware.versionTaken', values: { version: query.version } },
            'taken',
          );
        }
        throw error;
      }
    },

    async list(query: FirmwarePackageQuery): Promise<PageOf<FirmwarePackage>> {
      const page = await repo.packagePage(db, query, toPaging(query, packageSortable, packageOrder));
      return { content: page.content.map(toPackage), totalElements: page.totalElements };
    },

    /** Deletes a package and its file; one a rollout takes stays (409). */
    async remove(id: number): Promise<FirmwarePackage> {
      const row = await repo.packageById(db, id);
      if (!row) throw notFound(noSuch('firmwarePackage', id));
      const refuse = (rolloutId: number) =>
        new HttpError(
          409,
          { key: 'errors.firmware.inUse', values: { version: row.version, rolloutId } },
          'RULE_VIOLATED',
        );
      const taken = await repo.rolloutOf(db, id);
      if (taken) throw refuse(taken.id);
      try {
        await repo.deletePackage(db, id);
      } catch (error) {
        // A rollout started meanwhile: the foreign key keeps the package.
        const now = await repo.rolloutOf(db, id);
        if (now) throw refuse(now.id);
        throw error;
      }
      await files.remove([row.realName]);
      return toPackage(row);
    },

    /** A machine downloads a package through its signed link (Range answered 206 by the file store). */
    async download(
      reply: FastifyReply,
      ref: { packageId: number; serialNo: string },
      link: { expires: number; signature: string },
    ): Promise<FastifyReply> {
      const { packageId, serialNo } = ref;
      if (!links.valid(packageId, serialNo, link.expires, link.signature, clock.now().getTime())) throw badLink();
      const [row, machine] = await Promise.all([repo.packageById(db, packageId), repo.machineBySerial(db, serialNo)]);
      if (!row || !machine || machine.modelId !== row.modelId) throw badLink();
      return files.send(reply, row.realName, {
        downloadAs: row.fileName,
        cacheControl: 'private, no-store',
        missing: `No firmware package ${packageId}`,
      });
    },

    /** The download link of a package for a machine, good until `expires`. */
    linkFor: (packageId: number, serialNo: string, expires: number) => links.link(packageId, serialNo, expires),
  };
}
export type FirmwarePackages = ReturnType<typeof createFirmwarePackages>;
