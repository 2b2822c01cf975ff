import { createHash } from 'node:crypto';
import {
  ARTIFACT_EXTENSIONS,
  ARTIFACT_PERMISSIONS,
  Artifact,
  type ArtifactKind,
  type ArtifactQuery,
} from '@water/contract/artifacts';
import type { PageOf } from '@water/contract/common';
import { hasAnyPermission } from '@water/contract/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Deps } from '../../lib/deps.ts';
import { extensionOf, kindOf } from '../../lib/file-kinds.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { forbidden, invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import type { TextRef } from '../../lib/texts.ts';
import { displayName, readUpload } from '../../lib/uploads.ts';
import { wireOf } from '../../lib/wire.ts';
import {
  type ArtifactRow,
  artifactOrder,
  artifactSortable,
  artifactsRepository as repo,
} from './artifacts.repository.ts';

/** What each kind accepts, judged by the content: packages are archives, scripts plain SQL text. */
const ACCEPTS: Record<ArtifactKind, { extensions: readonly string[]; description: TextRef }> = {
  deploy: { extensions: ARTIFACT_EXTENSIONS.deploy, description: { key: 'errors.files.packages' } },
  database: { extensions: ARTIFACT_EXTENSIONS.database, description: { key: 'errors.files.scripts' } },
};

/** The extension the content earns: scripts must be plain text named .sql; packages are judged by their bytes. */
async function contentExtension(kind: ArtifactKind, bytes: Buffer, named: string): Promise<string | undefined> {
  if (kind === 'database') return (await kindOf(bytes, named))?.extension;
  const sniffed = (await (await import('file-type')).fileTypeFromBuffer(bytes))?.ext;
  // A jar is a zip; file-type calls it a jar only when its manifest comes first.
  return sniffed === 'zip' && named === 'jar' ? 'jar' : sniffed;
}

const visibleKinds = (principal: Principal): ArtifactKind[] =>
  (Object.keys(ARTIFACT_PERMISSIONS) as ArtifactKind[]).filter((kind) =>
    hasAnyPermission(principal.permissions, [ARTIFACT_PERMISSIONS[kind].list]),
  );

const toDto = (row: ArtifactRow): Artifact => wireOf(Artifact, { ...row, url: `/api/artifacts/${row.id}/file` });

export type ArtifactsService = ReturnType<typeof createArtifactsService>;

/**
 * Deployment packages and database scripts kept as versioned artifacts with their checksum. The
 * server stores and serves them; it never unpacks, runs or executes any of them.
 */
export function createArtifactsService({ db }: Pick<Deps, 'db'>, files: FileStore) {
  return {
    async upload(principal: Principal, request: FastifyRequest, kind: ArtifactKind, notes?: string): Promise<Artifact> {
      const { bytes, filename } = await readUpload(request, 'file');
      if (bytes.length === 0) throw invalidField('file', { key: 'errors.files.empty' }, 'required');
      const accepted = ACCEPTS[kind];
      const extension = await contentExtension(kind, bytes, extensionOf(filename));
      if (!extension || !accepted.extensions.includes(extension)) {
        throw invalidField(
          'file',
          { key: 'errors.files.upload', values: { accepted: accepted.description } },
          'format',
        );
      }
      const realName = await files.save(bytes, extension);
      const values = {
        kind,
        name: displayName(filename),
        realName,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        notes: notes?.trim() || null,
        createBy: principal.username,
        updateBy: principal.username,
      };
      for (let attempt = 1; ; attempt++) {
        try {
          return toDto(await db.transaction((tx) => repo.insertNextVersion(tx, values)));
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 5) {
            await files.remove([realName]);
            throw error;
          }
        }
      }
    },

    async list(principal: Principal, query: ArtifactQuery): Promise<PageOf<Artifact>> {
      const kinds = visibleKinds(principal).filter((kind) => !query.kind || kind === query.kind);
      if (kinds.length === 0) return { content: [], totalElements: 0 };
      const page = await repo.page(db, { ...query, kinds }, toPaging(query, artifactSortable, artifactOrder));
      return { content: page.content.map(toDto), totalElements: page.totalElements };
    },

    /** The artifact's bytes, downloaded under its name and version. */
    async send(principal: Principal, reply: FastifyReply, id: number): Promise<FastifyReply> {
      const row = await repo.byId(db, id);
      if (!row) throw notFound(noSuch('artifact', id));
      if (!visibleKinds(principal).includes(row.kind)) throw forbidden();
      const dot = row.name.lastIndexOf('.');
      const versioned =
        dot > 0 ? `${row.name.slice(0, dot)}-v${row.version}${row.name.slice(dot)}` : `${row.name}-v${row.version}`;
      return files.send(reply, row.realName, {
        downloadAs: versioned,
        cacheControl: 'private, no-cache',
        missing: `No artifact with id ${id}`,
      });
    },
  };
}
