import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, IdList, Page, PageQuery } from '@water/contract/common';
import { FileRename, StoredFile } from '@water/contract/storage';
import { and, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { storedFiles } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { selectPage, toPaging } from '../../lib/list-query.ts';
import { deleteFiles, filesDirOf, STORED_NAME, storeUpload, toFileDto } from './storage.service.ts';

const tags = ['storage'];
const sortable = {
  id: storedFiles.id,
  name: storedFiles.name,
  size: storedFiles.size,
  createTime: storedFiles.createTime,
};
const FileQuery = Type.Intersect([PageQuery, Type.Object({ blurry: Type.Optional(Type.String({ maxLength: 255 })) })]);
const INLINE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

export interface StorageOptions {
  dataDir: string;
}

/** `GET /files/<name>`: stored files under unguessable names; only raster images are shown inline. */
export async function publicFilesRoutes(app: FastifyInstance, options: StorageOptions) {
  const dir = filesDirOf(options.dataDir);
  app.get(
    '/files/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const { name } = request.params as { name: string };
      if (!STORED_NAME.test(name)) throw notFound('No such file');
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound('No such file');
      const [row] = await app.db
        .select({ name: storedFiles.name })
        .from(storedFiles)
        .where(eq(storedFiles.realName, name));
      const extension = path.extname(name).slice(1);
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .header('content-length', info.size);
      if (INLINE.has(extension)) reply.type(MIME[extension] as string);
      else {
        const download = row?.name ?? name;
        reply
          .type('application/octet-stream')
          .header(
            'content-disposition',
            `attachment; filename="${download.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(download)}`,
          );
      }
      return reply.send(createReadStream(file));
    },
  );
}

export async function storageRoutes(base: FastifyInstance, options: StorageOptions) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const dir = filesDirOf(options.dataDir);

  const list = async (
    query: { page?: number; size?: number; sort?: string | string[]; blurry?: string },
    extra?: SQL,
  ) => {
    const paging = toPaging(query, sortable, [desc(storedFiles.id)]);
    const text = query.blurry?.trim();
    const where = and(text ? ilike(storedFiles.name, `%${text}%`) : undefined, extra);
    const page = await selectPage(app.db, storedFiles, where, paging);
    return { content: page.content.map(toFileDto), totalElements: page.totalElements };
  };

  app.get(
    '/api/file',
    {
      schema: {
        tags,
        summary: 'Stored files',
        querystring: FileQuery,
        response: { 200: Page(StoredFile), 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:list'] },
    },
    async (request) => list(request.query),
  );

  app.get(
    '/api/pictures',
    {
      schema: {
        tags,
        summary: 'Stored images',
        querystring: FileQuery,
        response: { 200: Page(StoredFile), 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:list'] },
    },
    async (request) => list(request.query, eq(storedFiles.type, 'image')),
  );

  for (const [url, imagesOnly, summary] of [
    ['/api/file/upload', false, 'Upload a file (multipart field "file")'],
    ['/api/pictures', true, 'Upload an image (multipart field "file")'],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary,
          consumes: ['multipart/form-data'],
          uploadField: 'file',
          response: { 201: StoredFile, 400: ErrorBody, 413: ErrorBody, ...authErrors },
        },
        config: { permission: ['storage:add'] },
      },
      async (request, reply) => reply.code(201).send(await storeUpload(app, request, { dir, imagesOnly })),
    );
  }

  app.put(
    '/api/file',
    {
      schema: {
        tags,
        summary: 'Rename a stored file',
        body: FileRename,
        response: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:edit'] },
    },
    async (request, reply) => {
      const renamed = await app.db
        .update(storedFiles)
        .set({ name: request.body.name.trim(), updateBy: request.principal!.username, updateTime: app.clock.now() })
        .where(eq(storedFiles.id, request.body.id))
        .returning({ id: storedFiles.id });
      if (renamed.length === 0) throw notFound(`No file with id ${request.body.id}`);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/file',
    {
      schema: {
        tags,
        summary: 'Delete stored files',
        body: IdList,
        response: { 200: Empty, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:del'] },
    },
    async (request, reply) => {
      await deleteFiles(app, dir, request.body);
      return reply.code(200).send();
    },
  );
}
