import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile } from '@water/contract/storage';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storedFiles } from '../../db/schema.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { formatDateTime } from '../../lib/time.ts';
import { readUpload } from '../../lib/uploads.ts';
import { ACCEPTED_DESCRIPTION, type FileCategory, kindOf } from './file-kinds.ts';

type FileRow = typeof storedFiles.$inferSelect;

/** Names the server gives stored files; nothing else is ever read from the directory. */
export const STORED_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,8})?$/;

export const filesDirOf = (dataDir: string) => path.join(dataDir, 'files');

export function toFileDto(row: FileRow): StoredFile {
  return {
    id: row.id,
    name: row.name,
    realName: row.realName,
    url: `/files/${row.realName}`,
    suffix: row.suffix,
    size: row.size,
    type: (row.type ?? 'text') as FileCategory,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
  };
}

/** A display name from an uploaded one: no folders, no control characters, at most 200 characters. */
export function displayName(uploaded: string): string {
  const base = uploaded.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}

/** Reads the `file` part of an upload, checks what it really is, stores it under a new name. */
export async function storeUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { dir: string; imagesOnly: boolean },
): Promise<StoredFile> {
  const { bytes, filename } = await readUpload(request, 'file');
  if (bytes.length === 0) throw invalidField('file', 'is empty', 'required');
  const name = displayName(filename);
  const extension = path.extname(name).slice(1).toLowerCase();
  const kind = await kindOf(bytes, extension);
  if (!kind) throw invalidField('file', `this kind of file is not accepted; upload ${ACCEPTED_DESCRIPTION}`);
  if (options.imagesOnly && kind.category !== 'image') throw invalidField('file', 'only images are accepted here');
  const suffix = /^[a-z0-9]{1,8}$/.test(extension) ? extension : null;
  const realName = `${randomBytes(16).toString('hex')}${suffix ? `.${suffix}` : ''}`;
  await mkdir(options.dir, { recursive: true });
  await writeFile(path.join(options.dir, realName), bytes, { mode: 0o644, flag: 'wx' });
  const actor = request.principal!.username;
  const [row] = await app.db
    .insert(storedFiles)
    .values({
      realName,
      name,
      suffix,
      path: realName,
      type: kind.category,
      size: bytes.length,
      createBy: actor,
      updateBy: actor,
    })
    .returning();
  return toFileDto(row!);
}

export async function deleteFiles(app: FastifyInstance, dir: string, ids: readonly number[]): Promise<void> {
  const rows = await app.db
    .select()
    .from(storedFiles)
    .where(inArray(storedFiles.id, [...ids]));
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length > 0) throw notFound(`No file with id ${missing.join(', ')}`);
  await app.db.delete(storedFiles).where(inArray(storedFiles.id, [...ids]));
  for (const row of rows) {
    if (STORED_NAME.test(row.realName)) await rm(path.join(dir, row.realName), { force: true });
  }
}
