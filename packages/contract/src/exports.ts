import Type, { type Static } from 'typebox';
import { DateTime, OneOf } from './common.ts';

/** A list answers its download at once up to this many rows; beyond, it is exported in the background. */
export const EXPORT_SYNC_MAX = 50_000;
/** The most rows one background export holds (an Excel sheet holds 1,048,576). */
export const EXPORT_MAX_ROWS = 1_000_000;
/** Days a finished export is kept for its user. */
export const EXPORT_KEPT_DAYS = 7;

export const EXPORT_KINDS = ['orders'] as const;
export const EXPORT_STATUSES = ['PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;

/** A list being exported, or exported, in the background for the user who asked. */
export const ExportJob = Type.Object({
  id: Type.Integer(),
  kind: OneOf(EXPORT_KINDS),
  status: OneOf(EXPORT_STATUSES),
  rows: Type.Integer(),
  /** Bytes of the finished workbook. */
  size: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  createTime: DateTime,
  doneTime: Type.Union([DateTime, Type.Null()]),
});
export type ExportJob = Static<typeof ExportJob>;
