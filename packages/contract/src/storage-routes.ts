import Type, { type TSchema } from 'typebox';
import { authErrors, Empty, ErrorBody, IdList, IdRef, Page } from './common.ts';
import { defineRoute, FileReply } from './route.ts';
import {
  FileQuery,
  FileRename,
  LegacyCloudContent,
  LegacyDownloadLink,
  LegacyLocalStorage,
  LegacyS3Storage,
  LegacyUploadQuery,
  StoredFile,
} from './storage.ts';

const tags = ['storage'];

/** Renaming and deleting stored files, the same at each of the paths eladmin pages use. */
function fileWrites<const P extends string>(path: P) {
  return {
    rename: defineRoute({
      method: 'PUT',
      path,
      summary: 'Rename a stored file',
      tags,
      permission: ['storage:edit'],
      body: FileRename,
      replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
    }),
    remove: defineRoute({
      method: 'DELETE',
      path,
      summary: 'Delete stored files',
      tags,
      permission: ['storage:del'],
      body: IdList,
      replies: { 200: Empty, 404: ErrorBody, ...authErrors },
    }),
  };
}

/**
 * eladmin's object storage (`api/s3Storage`) and cloud storage (`api/qiNiuContent`) pages: the same
 * stored files, wherever STORAGE_URL keeps them, in the shapes those pages read.
 */
function legacyView<const P extends string, Row extends TSchema>(path: P, what: string, row: Row) {
  return {
    list: defineRoute({
      method: 'GET',
      path,
      summary: `Stored files, as eladmin's ${what} page lists them`,
      tags,
      permission: ['storage:list'],
      query: FileQuery,
      replies: { 200: Page(row), 400: ErrorBody, ...authErrors },
    }),
    upload: defineRoute({
      method: 'POST',
      path,
      summary: `Upload a file from eladmin's ${what} page (multipart field "file")`,
      tags,
      permission: ['storage:add'],
      upload: 'file',
      replies: { 201: row, 400: ErrorBody, 413: ErrorBody, ...authErrors },
    }),
    downloadLink: defineRoute({
      method: 'GET',
      path: `${path}/download/:id`,
      summary: 'Where the browser downloads a stored file',
      tags,
      permission: ['storage:list'],
      params: IdRef,
      replies: { 200: LegacyDownloadLink, 400: ErrorBody, 404: ErrorBody, ...authErrors },
    }),
    ...fileWrites(path),
  };
}

export const storageRoutes = {
  files: {
    list: defineRoute({
      method: 'GET',
      path: '/api/file',
      summary: 'Stored files',
      tags,
      permission: ['storage:list'],
      query: FileQuery,
      replies: { 200: Page(StoredFile), 400: ErrorBody, ...authErrors },
    }),
    upload: defineRoute({
      method: 'POST',
      path: '/api/file/upload',
      summary: 'Upload a file (multipart field "file")',
      tags,
      permission: ['storage:add'],
      upload: 'file',
      replies: { 201: StoredFile, 400: ErrorBody, 413: ErrorBody, ...authErrors },
    }),
    ...fileWrites('/api/file'),
  },
  pictures: {
    list: defineRoute({
      method: 'GET',
      path: '/api/pictures',
      summary: 'Stored images',
      tags,
      permission: ['storage:list'],
      query: FileQuery,
      replies: { 200: Page(StoredFile), 400: ErrorBody, ...authErrors },
    }),
    /** Also for whoever edits the global settings (the publicity page's pictures). */
    upload: defineRoute({
      method: 'POST',
      path: '/api/pictures',
      summary: 'Upload an image (multipart field "file")',
      tags,
      permission: ['storage:add', 'setting:edit'],
      upload: 'file',
      replies: { 201: StoredFile, 400: ErrorBody, 413: ErrorBody, ...authErrors },
    }),
  },
  /** eladmin's `api/localStorage`, as eladmin-web lists and uploads files. */
  localStorage: {
    list: defineRoute({
      method: 'GET',
      path: '/api/localStorage',
      summary: 'Stored files, as eladmin-web lists them',
      tags,
      permission: ['storage:list'],
      query: FileQuery,
      replies: { 200: Page(LegacyLocalStorage), 400: ErrorBody, ...authErrors },
    }),
    upload: defineRoute({
      method: 'POST',
      path: '/api/localStorage',
      summary: 'Upload a file as eladmin-web does (multipart field "file", display name in ?name=)',
      tags,
      permission: ['storage:add'],
      query: LegacyUploadQuery,
      upload: 'file',
      replies: { 201: Empty, 400: ErrorBody, 413: ErrorBody, ...authErrors },
    }),
    /** eladmin-web's editors upload images here and link them as `/file/<type>/<realName>`. */
    uploadPicture: defineRoute({
      method: 'POST',
      path: '/api/localStorage/pictures',
      summary: 'Upload an image as eladmin-web\'s editors do (multipart field "file")',
      tags,
      permission: ['storage:add'],
      upload: 'file',
      replies: { 200: LegacyLocalStorage, 400: ErrorBody, 413: ErrorBody, ...authErrors },
    }),
    ...fileWrites('/api/localStorage'),
  },
  s3: legacyView('/api/s3Storage', 'object storage', LegacyS3Storage),
  cloud: {
    ...legacyView('/api/qiNiuContent', 'cloud storage', LegacyCloudContent),
    removeOne: defineRoute({
      method: 'DELETE',
      path: '/api/qiNiuContent/:id',
      summary: 'Delete one stored file (eladmin cloud storage page)',
      tags,
      permission: ['storage:del'],
      params: IdRef,
      replies: { 200: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
    }),
  },
  /** Stored files under unguessable names, public; only raster images are shown inline. */
  served: {
    file: defineRoute({
      method: 'GET',
      path: '/files/:name',
      summary: 'A stored file',
      tags,
      permission: 'public',
      hide: true,
      params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
      replies: { 200: FileReply() },
    }),
    /** eladmin-web links a file as `/file/<type>/<realName>`; the type word plays no part. */
    legacyFile: defineRoute({
      method: 'GET',
      path: '/file/:type/:name',
      summary: 'A stored file, as eladmin-web links it',
      tags,
      permission: 'public',
      hide: true,
      params: Type.Object({ type: Type.String({ maxLength: 32 }), name: Type.String({ maxLength: 64 }) }),
      replies: { 200: FileReply() },
    }),
  },
};
