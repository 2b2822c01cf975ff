import Type, { type Static, type TSchema } from 'typebox';
import { ErrorBody } from './errors.ts';

export { ErrorBody };

/** The largest id a record can have (PostgreSQL `integer`). */
export const ID_MAX = 2 ** 31 - 1;

/** Every record id on the wire: a whole number from 1 to 2^31−1. */
export function Id(options: { description?: string } = {}) {
  return Type.Integer({ minimum: 1, maximum: ID_MAX, ...options });
}

/** A parent id as eladmin clients send it: 0 (or absent) for the top level. */
export function ParentId(options: { description?: string } = {}) {
  return Type.Integer({ minimum: 0, maximum: ID_MAX, ...options });
}

/**
 * `T | null` as one JSON type list rather than `anyOf`: with ajv's `coerceTypes`, `anyOf`
 * [integer, null] would turn a null into 0 before trying the null branch.
 */
export function nullable<T>(type: 'string' | 'integer', options: Record<string, unknown> = {}) {
  return Type.Unsafe<T | null>({ ...options, type: [type, 'null'] });
}

/** One of a fixed set of words (`ACTIVE`, `FROZEN`, …), refused with the list of those allowed. */
export function OneOf<T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>({
    type: 'string',
    enum: [...values],
    errorMessage: `must be one of ${values.join(', ')}`,
    ...options,
  });
}

/** An id that creating clients of eladmin send as `null`: absent. */
export const AbsentId = Type.Optional(nullable<number>('integer', { minimum: 1, maximum: ID_MAX }));

/** A reference to another record by id, as eladmin clients send it (`{ id }`; other fields ignored). */
export const IdRef = Type.Object({ id: Id() });
export type IdRef = Static<typeof IdRef>;

/** `createTime=<start>&createTime=<end>`: `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd` (the end day is included). */
export const CreateTimeRange = Type.Array(
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}:\\d{2})?$',
    errorMessage: 'must be yyyy-MM-dd HH:mm:ss',
  }),
  { minItems: 2, maxItems: 2, description: 'start and end, both included' },
);

/** `yyyy-MM-dd HH:mm:ss` in the server's time zone. */
export const DateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer({ minimum: 0 }),
  });
}
export interface PageOf<T> {
  content: T[];
  totalElements: number;
}

/** Page numbers stop where `page × size` would leave PostgreSQL's integer range. */
export const PAGE_MAX = 200_000;
export const PAGE_SIZE_MAX = 10_000;

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGE_MAX, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 10 })),
  sort: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })], {
      description: 'field,asc|desc',
    }),
  ),
});
export type PageQuery = Static<typeof PageQuery>;

/** Paging without defaults: a list answers every matching row when `page` is absent. */
export const OptionalPaging = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGE_MAX })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX })),
  sort: PageQuery.properties.sort,
};

export const IdList = Type.Array(Id(), { minItems: 1, maxItems: 1000 });

/** Error responses every authenticated route may give. */
export const authErrors = {
  401: ErrorBody,
  403: ErrorBody,
} as const;

/** The empty body of a successful write (201 create, 204 update, 200 delete). */
export const Empty = Type.Unsafe<undefined>({ description: 'Empty body' });
