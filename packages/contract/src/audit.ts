import Type, { type Static } from 'typebox';
import { DateTime, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';

/** The kinds of record whose changes are kept, each named as the History tab of its detail asks for it. */
export const AUDIT_RECORD_TYPES = [
  'agent',
  'price-policy',
  'machine',
  'card',
  'order',
  'withdrawal',
  'coupon-template',
  'command',
  'firmware-rollout',
  'role',
  'user',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** What was done to a record. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'adjust',
  'refund',
  'approve',
  'reject',
  'pay',
  'fail',
  'send',
  'start',
  'pause',
  'resume',
  'cancel',
  'rollback',
  'menus',
  'roles',
  'quota',
  'reissue',
  'resetPassword',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One change to money or configuration: who, when, from which request, what, before and after. */
export const ChangeRecord = Type.Object({
  id: Type.Integer(),
  at: DateTime,
  userId: Type.Union([Type.Integer(), Type.Null()], { description: 'Null: the server’s own work' }),
  username: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  recordType: Type.String(),
  recordId: Type.String(),
  action: Type.String(),
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'The fields that changed (and the key fields) as they were; null: the record did not exist',
  }),
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'The fields that changed (and the key fields) as they became; null: the record is gone',
  }),
});
export type ChangeRecord = Static<typeof ChangeRecord>;

/** The change records' list, on the page and in its Excel file. */
export const CHANGE_RECORD_COLUMNS = listColumns<ChangeRecord>()({
  at: { field: 'at', title: 'audit.at', sortable: true, width: 170 },
  username: { field: 'username', title: 'audit.user', sortable: true },
  recordType: { field: 'recordType', title: 'audit.recordType', kind: 'enum', labels: 'audit.recordTypes' },
  recordId: { field: 'recordId', title: 'audit.recordId' },
  action: { field: 'action', title: 'audit.action', kind: 'enum', labels: 'audit.actions' },
  before: { field: 'before', title: 'audit.before', fileOnly: true },
  after: { field: 'after', title: 'audit.after', fileOnly: true },
  ip: { field: 'ip', title: 'audit.ip', hidden: true },
  requestId: { field: 'requestId', title: 'audit.requestId', hidden: true },
});

/** What the change records are searched by, in the list and its export. */
export const ChangeRecordFilter = Type.Object({
  recordType: Type.Optional(Type.Union(AUDIT_RECORD_TYPES.map((type) => Type.Literal(type)))),
  recordId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  username: Type.Optional(Type.String({ maxLength: 64, description: 'Exactly this user' })),
  action: Type.Optional(Type.Union(AUDIT_ACTIONS.map((action) => Type.Literal(action)))),
  at: Type.Optional(
    Type.Array(Type.String(), {
      maxItems: 2,
      description: 'from, to: yyyy-MM-dd HH:mm:ss; a bare date to includes its day',
    }),
  ),
});
export type ChangeRecordFilter = Static<typeof ChangeRecordFilter>;

export const ChangeRecordQuery = Type.Intersect([PageQuery, ChangeRecordFilter]);
export type ChangeRecordQuery = Static<typeof ChangeRecordQuery>;
