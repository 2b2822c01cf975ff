import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES } from '@water/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import { readUpload } from '../../lib/uploads.ts';

export interface ImageKind {
  extension: 'png' | 'jpg' | 'gif';
  mime: 'image/png' | 'image/jpeg' | 'image/gif';
}

/** The image type the bytes really are (by their magic numbers), whatever the file is called. */
export function sniffImage(bytes: Buffer): ImageKind | undefined {
  const startsWith = (...signature: number[]) =>
    bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { extension: 'png', mime: 'image/png' };
  if (startsWith(0xff, 0xd8, 0xff)) return { extension: 'jpg', mime: 'image/jpeg' };
  const header = bytes.subarray(0, 6).toString('latin1');
  if (header === 'GIF87a' || header === 'GIF89a') return { extension: 'gif', mime: 'image/gif' };
  return undefined;
}

/** Names the server gives stored avatars: nothing else is ever read from the directory. */
const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|gif)$/;

export function avatarDirOf(dataDir: string): string {
  return path.join(dataDir, 'avatar');
}

/** Reads the `avatar` part of a multipart request; 413 above 5 MB, 400 for anything but a gif, jpeg or png. */
export async function readAvatarUpload(request: FastifyRequest): Promise<{ bytes: Buffer; kind: ImageKind }> {
  const { bytes, filename } = await readUpload(request, 'avatar', AVATAR_MAX_BYTES);
  const extension = path.extname(filename).slice(1).toLowerCase();
  // A cropped image arrives as a Blob named "blob": with no extension, the content alone decides.
  if (extension && !(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
    throw invalidField('avatar', `only ${AVATAR_EXTENSIONS.join(', ')} files are accepted`);
  }
  const kind = sniffImage(bytes);
  if (!kind) throw invalidField('avatar', 'the file is not a gif, jpeg or png image');
  return { bytes, kind };
}

/** Stores an avatar under a new random name and answers that name. */
export async function storeAvatar(dir: string, bytes: Buffer, kind: ImageKind): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${kind.extension}`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), bytes, { mode: 0o644, flag: 'wx' });
  return name;
}

export async function removeAvatars(dir: string, names: readonly (string | null)[]): Promise<void> {
  for (const name of names) {
    if (name && STORED_NAME.test(name)) await rm(path.join(dir, name), { force: true });
  }
}

/**
 * `GET /avatar/<name>`. Public, because `<img>` sends no token; the names are random 128-bit
 * values, and only names of that exact form are looked up, so nothing outside the directory is reachable.
 */
export function serveAvatars(app: FastifyInstance, dir: string): void {
  app.get(
    '/avatar/:name',
    {
      schema: {
        tags: ['users'],
        summary: 'An avatar image',
        params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
        produces: ['image/png', 'image/jpeg', 'image/gif'],
      },
    },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!STORED_NAME.test(name)) throw notFound('No such avatar');
      const bytes = await readFile(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw notFound('No such avatar');
        throw error;
      });
      const kind = sniffImage(bytes);
      if (!kind) throw notFound('No such avatar');
      return reply
        .header('content-type', kind.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}
