import Type, { type Static } from 'typebox';
import { DateTime, Id } from './common.ts';

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
