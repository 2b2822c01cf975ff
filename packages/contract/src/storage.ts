import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, Id, PageQuery } from './common.ts';

/** What a stored file is, as the server decided from its content. */
export const FILE_CATEGORIES = ['image', 'document', 'archive', 'text'] as const;

export const StoredFile = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'Display name, the uploaded name unless renamed' }),
  realName: Type.String({ description: 'Name on the server' }),
  url: Type.String({ description: '/files/<realName>' }),
  suffix: Type.Union([Type.String(), Type.Null()]),
  size: Type.Integer({ description: 'Bytes' }),
  type: Type.Union([Type.Literal('image'), Type.Literal('document'), Type.Literal('archive'), Type.Literal('text')]),
  createBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type StoredFile = Static<typeof StoredFile>;

export const FileRename = Type.Object({
  id: Id(),
  name: Type.String({ minLength: 1, maxLength: 200 }),
});
export type FileRename = Static<typeof FileRename>;

export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** The list of stored files: search by name, filter by category and upload time. */
export const FileQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the name' })),
  type: Type.Optional(
    Type.Union([Type.Literal('image'), Type.Literal('document'), Type.Literal('archive'), Type.Literal('text')], {
      description: 'the category',
    }),
  ),
  createTime: Type.Optional(CreateTimeRange),
});
export type FileQuery = Static<typeof FileQuery>;

/** eladmin's `api/localStorage` record, as eladmin-web shows it. */
export const LegacyLocalStorage = Type.Object({
  id: Type.Integer(),
  realName: Type.String(),
  name: Type.String({ description: 'Display name' }),
  suffix: Type.Union([Type.String(), Type.Null()]),
  path: Type.String({ description: '/files/<realName>' }),
  type: Type.String({ description: 'eladmin category: 图片, 文档 or 其他' }),
  size: Type.String({ description: 'Human size, e.g. 1.25KB' }),
  createBy: Type.Union([Type.String(), Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type LegacyLocalStorage = Static<typeof LegacyLocalStorage>;

/**
 * eladmin's object storage row (`api/s3Storage`): the same stored files under its field names.
 * Where the bytes live (local disk or the STORAGE_URL bucket) is the server's concern.
 */
export const LegacyS3Storage = Type.Object({
  id: Type.Integer(),
  fileName: Type.String({ description: 'Display name' }),
  fileRealName: Type.String({ description: 'The stored name' }),
  fileSize: Type.String({ description: 'Human size, e.g. 1.25KB' }),
  fileMimeType: Type.String(),
  fileType: Type.String({ description: 'The stored extension' }),
  filePath: Type.String({ description: '/files/<realName>' }),
  createBy: Type.Union([Type.String(), Type.Null()]),
  updateBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type LegacyS3Storage = Static<typeof LegacyS3Storage>;

/** eladmin's cloud storage row (`api/qiNiuContent`), over the same stored files. */
export const LegacyCloudContent = Type.Object({
  id: Type.Integer(),
  bucket: Type.String({ description: 'The STORAGE_URL bucket, or "local"' }),
  name: Type.String({ description: 'Display name' }),
  size: Type.String({ description: 'Human size, e.g. 1.25KB' }),
  type: Type.String({ description: 'Always 私有: files are reached through the console' }),
  suffix: Type.Union([Type.String(), Type.Null()]),
  url: Type.String({ description: '/files/<realName>' }),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type LegacyCloudContent = Static<typeof LegacyCloudContent>;

/** `GET api/s3Storage/download/{id}` and `api/qiNiuContent/download/{id}`: where the browser fetches the file. */
export const LegacyDownloadLink = Type.Object({ id: Type.Integer(), url: Type.String() });
export type LegacyDownloadLink = Static<typeof LegacyDownloadLink>;

/** `POST api/localStorage?name=`: eladmin-web sends the display name without its extension. */
export const LegacyUploadQuery = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
