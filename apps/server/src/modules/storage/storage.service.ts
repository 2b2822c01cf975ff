import type { PageOf } from '@water/contract/common';
import {
  type FileQuery,
  LegacyCloudContent,
  type LegacyDownloadLink,
  LegacyLocalStorage,
  LegacyS3Storage,
  StoredFile,
} from '@water/contract/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { type FileCategory, mimeOfStoredName, uploadKind } from '../../lib/file-kinds.ts';
import type { FileStore } from '../../lib/file-storage.ts';
import { invalidField, noSuch, notFound } from '../../lib/http-errors.ts';
import { toPaging } from '../../lib/list-query.ts';
import { displayName, readUpload } from '../../lib/uploads.ts';
import { wireOf } from '../../lib/wire.ts';
import { type FileRow, fileOrder, fileSortable, storageRepository as repo } from './storage.repository.ts';

const toFileDto = (row: FileRow): StoredFile =>
  wireOf(StoredFile, { ...row, url: `/files/${row.realName}`, type: (row.type ?? 'text') as FileCategory });

/** A chosen display name keeps the uploaded file's extension, as eladmin's did. */
function withExtensionOf(name: string, uploaded: string): string {
  const extension = /\.([A-Za-z0-9]{1,16})$/.exec(uploaded)?.[1];
  if (!extension || name.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) return name;
  return `${name}.${extension}`.slice(-200);
}

/** eladmin's category words, which eladmin-web shows and puts in its links (`/file/<type>/<realName>`). */
const LEGACY_TYPES: Record<string, string> = { image: '图片', document: '文档', text: '文档' };

/** eladmin's size text: `136B`, `1.25KB`, `3.00MB`. */
export function legacySize(bytes: number): string {
  for (const [unit, factor] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= factor) return `${(bytes / factor).toFixed(2)}${unit}`;
  }
  return `${bytes}B`;
}

const toLegacyDto = (row: FileRow): LegacyLocalStorage =>
  wireOf(LegacyLocalStorage, {
    ...row,
    path: `/files/${row.realName}`,
    type: LEGACY_TYPES[row.type ?? ''] ?? '其他',
    size: legacySize(row.size),
  });

const toS3Dto = (row: FileRow): LegacyS3Storage =>
  wireOf(LegacyS3Storage, {
    ...row,
    fileName: row.name,
    fileRealName: row.realName,
    fileSize: legacySize(row.size),
    fileMimeType: mimeOfStoredName(row.realName),
    fileType: row.suffix ?? '',
    filePath: `/files/${row.realName}`,
  });

const toCloudDto =
  (bucket: string) =>
  (row: FileRow): LegacyCloudContent =>
    wireOf(LegacyCloudContent, {
      ...row,
      bucket,
      size: legacySize(row.size),
      type: '私有',
      url: `/files/${row.realName}`,
    });

export type StorageService = ReturnType<typeof createStorageService>;

/**
 * Uploaded files and pictures: checked by their content, stored under names the server makes.
 * `bucket` names where they live for eladmin's cloud storage view ("local" on local disk).
 */
export function createStorageService(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  files: FileStore,
  { bucket }: { bucket: string },
) {
  const pageOf = async <T>(query: FileQuery, shape: (row: FileRow) => T): Promise<PageOf<T>> => {
    const page = await repo.page(db, query, toPaging(query, fileSortable, fileOrder));
    return { content: page.content.map(shape), totalElements: page.totalElements };
  };

  /** Reads the `file` part of an upload, checks what it really is, stores it under a new name. */
  async function store(principal: Principal, request: FastifyRequest, imagesOnly: boolean, chosen?: string) {
    const { bytes, filename } = await readUpload(request, 'file');
    if (bytes.length === 0) throw invalidField('file', { key: 'errors.files.empty' }, 'required');
    const name = chosen?.trim() ? withExtensionOf(displayName(chosen), filename) : displayName(filename);
    const kind = await uploadKind(bytes, filename, 'file');
    if (!kind) {
      const accepted = { key: 'errors.files.accepted' };
      throw invalidField('file', { key: 'errors.files.notAccepted', values: { accepted } }, 'format');
    }
    if (imagesOnly && kind.category !== 'image')
      throw invalidField('file', { key: 'errors.files.imagesOnly' }, 'format');
    // The stored name takes the extension of what the content is, never of what it was called.
    const suffix = kind.extension;
    const realName = await files.save(bytes, suffix);
    return repo.insert(db, {
      realName,
      name,
      suffix,
      path: realName,
      type: kind.category,
      size: bytes.length,
      createBy: principal.username,
      updateBy: principal.username,
    });
  }

  return {
    async list(query: FileQuery, imagesOnly: boolean): Promise<PageOf<StoredFile>> {
      if (imagesOnly && query.type && query.type !== 'image') return { content: [], totalElements: 0 };
      return pageOf({ ...query, type: imagesOnly ? 'image' : query.type }, toFileDto);
    },

    /** eladmin's `GET api/localStorage`: the same files in the shape eladmin-web shows. */
    legacyList: (query: FileQuery): Promise<PageOf<LegacyLocalStorage>> => pageOf(query, toLegacyDto),

    /** eladmin's `GET api/s3Storage`. */
    s3List: (query: FileQuery): Promise<PageOf<LegacyS3Storage>> => pageOf(query, toS3Dto),

    /** eladmin's `GET api/qiNiuContent`. */
    cloudList: (query: FileQuery): Promise<PageOf<LegacyCloudContent>> => pageOf(query, toCloudDto(bucket)),

    async s3Upload(principal: Principal, request: FastifyRequest): Promise<LegacyS3Storage> {
      return toS3Dto(await store(principal, request, false));
    },

    async cloudUpload(principal: Principal, request: FastifyRequest): Promise<LegacyCloudContent> {
      return toCloudDto(bucket)(await store(principal, request, false));
    },

    /** Where a browser downloads a stored file (eladmin's `download/{id}` calls). */
    async downloadLink(id: number): Promise<LegacyDownloadLink> {
      const [row] = await repo.byIds(db, [id]);
      if (!row) throw notFound(noSuch('file', id));
      return { id, url: `/files/${row.realName}` };
    },

    /** Reads the `file` part of an upload, checks what it really is, stores it under a new name. */
    async upload(principal: Principal, request: FastifyRequest, imagesOnly: boolean): Promise<StoredFile> {
      return toFileDto(await store(principal, request, imagesOnly));
    },

    /**
     * eladmin's `POST api/localStorage` and `POST api/localStorage/pictures`: `chosen` is the display
     * name eladmin-web sends in `?name=`, without extension; the answer is in eladmin's shape.
     */
    async legacyUpload(
      principal: Principal,
      request: FastifyRequest,
      imagesOnly: boolean,
      chosen?: string,
    ): Promise<LegacyLocalStorage> {
      return toLegacyDto(await store(principal, request, imagesOnly, chosen));
    },

    async rename(principal: Principal, id: number, name: string): Promise<void> {
      const clean = displayName(name);
      if (!name.trim() || clean !== name.trim()) throw invalidField('name', { key: 'errors.files.fileName' }, 'format');
      const renamed = await repo.rename(db, id, {
        name: clean,
        updateBy: principal.username,
        updateTime: clock.now(),
      });
      if (!renamed) throw notFound(noSuch('file', id));
    },

    async remove(ids: readonly number[]): Promise<void> {
      const rows = await repo.byIds(db, ids);
      const missing = ids.filter((id) => !rows.some((row) => row.id === id));
      if (missing.length > 0) throw notFound(noSuch('file', missing.join(', ')));
      await repo.delete(db, ids);
      await files.remove(rows.map((row) => row.realName));
    },

    /** A stored file: raster images shown, anything else downloaded under its display name. */
    async send(reply: FastifyReply, realName: string): Promise<FastifyReply> {
      const image = /\.(png|jpe?g|gif|webp|bmp)$/.test(realName);
      const downloadAs = image ? undefined : ((await repo.displayName(db, realName)) ?? realName);
      return files.send(reply, realName, {
        downloadAs,
        cacheControl: 'private, max-age=3600',
        missing: 'No such file',
      });
    },
  };
}
