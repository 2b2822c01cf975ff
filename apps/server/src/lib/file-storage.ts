import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
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
 * Uploaded files on local disk under one directory, each under a random name the server made
 * (its extension chosen from the sniffed content), served with ETag, Range and 304 answers.
 */
export class FileStore {
  constructor(readonly dir: string) {}

  isStoredName(name: string): boolean {
    return STORED_NAME.test(name);
  }

  /** Stores the bytes under a new random name and answers it. */
  async save(bytes: Buffer, extension: string | null): Promise<string> {
    const suffix = extension && /^[a-z0-9]{1,8}$/.test(extension) ? `.${extension}` : '';
    const name = `${randomBytes(16).toString('hex')}${suffix}`;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFile(path.join(this.dir, name), bytes, { mode: 0o600, flag: 'wx' });
    return name;
  }

  async remove(names: readonly (string | null | undefined)[]): Promise<void> {
    for (const name of names) {
      if (name && this.isStoredName(name)) await rm(path.join(this.dir, name), { force: true });
    }
  }

  /** Sends a stored file; nothing is ever shown that a browser would run. */
  async send(reply: FastifyReply, name: string, options: SendOptions): Promise<FastifyReply> {
    if (!this.isStoredName(name)) throw notFound(options.missing);
    const info = await stat(path.join(this.dir, name)).catch(() => undefined);
    if (!info?.isFile()) throw notFound(options.missing);
    reply
      .header('cache-control', options.cacheControl)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
      .header(
        'content-disposition',
        options.downloadAs === undefined ? 'inline' : contentDisposition(options.downloadAs),
      );
    return reply.sendFile(name, this.dir, { cacheControl: false });
  }
}
