import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody, Id, IdList, Page } from '@water/contract/common';
import {
  FileQuery,
  FileRename,
  LegacyCloudContent,
  LegacyDownloadLink,
  LegacyLocalStorage,
  LegacyS3Storage,
  LegacyUploadQuery,
  StoredFile,
} from '@water/contract/storage';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import type { StorageService } from './storage.service.ts';

const tags = ['storage'];

/** `GET /files/<name>`: stored files under unguessable names; only raster images are shown inline. */
export async function publicFilesRoutes(app: FastifyInstance, { service }: { service: StorageService }) {
  app.get(
    '/files/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => service.send(reply, (request.params as { name: string }).name),
  );
  // eladmin-web links a file as `/file/<type>/<realName>`; the type word plays no part.
  app.get(
    '/file/:type/:name',
    {
      schema: {
        hide: true,
        params: Type.Object({ type: Type.String({ maxLength: 32 }), name: Type.String({ maxLength: 64 }) }),
      },
    },
    async (request, reply) => service.send(reply, (request.params as { name: string }).name),
  );
}

export async function storageRoutes(base: FastifyInstance, { service }: { service: StorageService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  for (const [url, imagesOnly, summary] of [
    ['/api/file', false, 'Stored files'],
    ['/api/pictures', true, 'Stored images'],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          querystring: FileQuery,
          response: { 200: Page(StoredFile), 400: ErrorBody, ...authErrors },
        },
        config: { permission: ['storage:list'] },
      },
      async (request) => service.list(request.query, imagesOnly),
    );
  }

  // Images may also be uploaded by whoever edits the global settings (the publicity page's pictures).
  for (const [url, imagesOnly, summary, permission] of [
    ['/api/file/upload', false, 'Upload a file (multipart field "file")', ['storage:add']],
    ['/api/pictures', true, 'Upload an image (multipart field "file")', ['storage:add', 'setting:edit']],
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
        config: { permission: [...permission] },
      },
      async (request, reply) => reply.code(201).send(await service.upload(principalOf(request), request, imagesOnly)),
    );
  }

  app.get(
    '/api/localStorage',
    {
      schema: {
        tags,
        summary: 'Stored files, as eladmin-web lists them',
        querystring: FileQuery,
        response: { 200: Page(LegacyLocalStorage), 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:list'] },
    },
    async (request) => service.legacyList(request.query),
  );

  app.post(
    '/api/localStorage',
    {
      schema: {
        tags,
        summary: 'Upload a file as eladmin-web does (multipart field "file", display name in ?name=)',
        querystring: LegacyUploadQuery,
        consumes: ['multipart/form-data'],
        uploadField: 'file',
        response: { 201: Empty, 400: ErrorBody, 413: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:add'] },
    },
    async (request, reply) => {
      await service.legacyUpload(principalOf(request), request, false, request.query.name);
      return reply.code(201).send();
    },
  );

  // eladmin-web's editors upload images here and link them as `/file/<type>/<realName>`.
  app.post(
    '/api/localStorage/pictures',
    {
      schema: {
        tags,
        summary: 'Upload an image as eladmin-web\'s editors do (multipart field "file")',
        consumes: ['multipart/form-data'],
        uploadField: 'file',
        response: { 200: LegacyLocalStorage, 400: ErrorBody, 413: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:add'] },
    },
    async (request) => service.legacyUpload(principalOf(request), request, true),
  );

  // eladmin's object storage (`api/s3Storage`) and cloud storage (`api/qiNiuContent`) pages: the same
  // stored files, wherever STORAGE_URL keeps them, in the shapes those pages read.
  const views = [
    {
      url: '/api/s3Storage',
      what: 'object storage',
      row: LegacyS3Storage,
      list: service.s3List,
      upload: service.s3Upload,
    },
    {
      url: '/api/qiNiuContent',
      what: 'cloud storage',
      row: LegacyCloudContent,
      list: service.cloudList,
      upload: service.cloudUpload,
    },
  ] as const;
  for (const view of views) {
    app.get(
      view.url,
      {
        schema: {
          tags,
          summary: `Stored files, as eladmin's ${view.what} page lists them`,
          querystring: FileQuery,
          response: { 200: Page(view.row), 400: ErrorBody, ...authErrors },
        },
        config: { permission: ['storage:list'] },
      },
      async (request) => view.list(request.query),
    );
    app.post(
      view.url,
      {
        schema: {
          tags,
          summary: `Upload a file from eladmin's ${view.what} page (multipart field "file")`,
          consumes: ['multipart/form-data'],
          uploadField: 'file',
          response: { 201: view.row, 400: ErrorBody, 413: ErrorBody, ...authErrors },
        },
        config: { permission: ['storage:add'] },
      },
      async (request, reply) => reply.code(201).send(await view.upload(principalOf(request), request)),
    );
    app.get(
      `${view.url}/download/:id`,
      {
        schema: {
          tags,
          summary: 'Where the browser downloads a stored file',
          params: Type.Object({ id: Id() }),
          response: { 200: LegacyDownloadLink, 400: ErrorBody, 404: ErrorBody, ...authErrors },
        },
        config: { permission: ['storage:list'] },
      },
      async (request) => service.downloadLink(request.params.id),
    );
  }
  app.delete(
    '/api/qiNiuContent/:id',
    {
      schema: {
        tags,
        summary: 'Delete one stored file (eladmin cloud storage page)',
        params: Type.Object({ id: Id() }),
        response: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: ['storage:del'] },
    },
    async (request, reply) => {
      await service.remove([request.params.id]);
      return reply.code(200).send();
    },
  );

  for (const url of ['/api/file', '/api/localStorage', '/api/s3Storage', '/api/qiNiuContent']) {
    app.put(
      url,
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
        await service.rename(principalOf(request), request.body.id, request.body.name);
        return reply.code(204).send();
      },
    );

    app.delete(
      url,
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
        await service.remove(request.body);
        return reply.code(200).send();
      },
    );
  }
}
