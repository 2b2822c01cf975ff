import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { notFound } from './http-errors.ts';

/** Names the server gives stored files; nothing else is ever read from a store's directory. */
const STORED_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,8})?$/;

export interface SendOptions {
  /** Download under this name rather than show it (anything but raster images). */
  downloadAs?: string;
  /** `cache-control` of the answer. */
  cacheControl: string;
  /** What to say when there is no such file. */
  missing: string;
}

/**
 * Where uploaded files live: each under a random name the server made (its extension chosen from
 * the sniffed content), served with ETag, Range and 304 answers and headers that keep a browser
 * from running anything. Two drivers: local disk (below) and S3-compatible object storage
 * (`s3-file-store.ts`), chosen by STORAGE_URL.
 */
export interface FileStore {
  /** Stores the bytes under a new random name and answers it. */
  save(bytes: Buffer, extension: string | null): Promise<string>;
  /** Removes stored files; names the server never made are ignored. */
  remove(names: readonly (string | null | undefined)[]): Promise<void>;
  /** Sends a stored file, or answers 404 with `options.missing`. */
  send(reply: FastifyReply, name: string, options: SendOptions): Promise<FastifyReply>;
}

export const isStoredName = (name: string) => STORED_NAME.test(name);

/** A new random name for stored bytes, with the extension of their content. */
export function newStoredName(extension: string | null): string {
  const suffix = extension && /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
  return `${randomBytes(16).toString('hex')}${suffix}`;
}

/** What every stored file is sent with, whichever driver keeps it. */
export function fileHeaders(reply: FastifyReply, options: SendOptions): FastifyReply {
  return reply
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header(
      'content-disposition',
      options.downloadAs === undefined ? 'inline' : contentDisposition(options.downloadAs),
    );
}

/** Files on local disk under one directory (the default: `DATA_DIR/files`, `DATA_DIR/avatar`). */
export class LocalFileStore implements FileStore {
  constructor(readonly dir: string) {}

  async save(bytes: Buffer, extension: string | null): Promise<string> {
    const name = newStoredName(extension);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFile(path.join(this.dir, name), bytes, { mode: 0o600, flag: 'wx' });
    return name;
  }

  async remove(names: readonly (string | null | undefined)[]): Promise<void> {
    for (const name of names) {
      if (name && isStoredName(name)) await rm(path.join(this.dir, name), { force: true });
    }
  }

  async send(reply: FastifyReply, name: string, options: SendOptions): Promise<FastifyReply> {
    if (!isStoredName(name)) throw notFound(options.missing);
    const info = await stat(path.join(this.dir, name)).catch(() => undefined);
    if (!info?.isFile()) throw notFound(options.missing);
    return fileHeaders(reply, options).sendFile(name, this.dir, { cacheControl: false });
  }
}

/**
 * The stores of uploaded files, avatars, operations artifacts, background exports and firmware
 * packages: in the STORAGE_URL bucket when set (under `files/`, `avatar/`, `artifacts/`,
 * `exports/`, `firmware/`), else in those directories of DATA_DIR.
 */
export async function openFileStores(config: Pick<Config, 'dataDir' | 'objectStorage'>): Promise<{
  files: FileStore;
  avatars: FileStore;
  artifacts: FileStore;
  exportFiles: FileStore;
  firmwareFiles: FileStore;
}> {
  if (!config.objectStorage) {
    const onDisk = (dir: string) => new LocalFileStore(path.join(config.dataDir, dir));
    return {
      files: onDisk('files'),
      avatars: onDisk('avatar'),
      artifacts: onDisk('artifacts'),
      exportFiles: onDisk('exports'),
      firmwareFiles: onDisk('firmware'),
    };
  }
  const { S3FileStore } = await import('./s3-file-store.ts');
  const inBucket = await S3FileStore.connect(config.objectStorage);
  return {
    files: inBucket('files/'),
    avatars: inBucket('avatar/'),
    artifacts: inBucket('artifacts/'),
    exportFiles: inBucket('exports/'),
    firmwareFiles: inBucket('firmware/'),
  };
}
