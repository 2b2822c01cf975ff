import Type, { type Static, type TSchema } from 'typebox';

export const ErrorBody = Type.Object(
  {
    status: Type.Integer({ description: 'HTTP status, equal to the response status' }),
    message: Type.String({ description: 'What went wrong, naming the field for bad input' }),
    timestamp: Type.Integer({ description: 'Milliseconds since the epoch' }),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `yyyy-MM-dd HH:mm:ss` in the server's time zone. */
export const DateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' });

export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer({ minimum: 0 }),
  });
}

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: 10 })),
  sort: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())], { description: 'field,asc|desc' })),
});

export const IdList = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1 });

/** Error responses every authenticated route may give. */
export const authErrors = {
  401: ErrorBody,
  403: ErrorBody,
} as const;

/** The empty body of a successful write (201 create, 204 update, 200 delete). */
export const Empty = Type.Unsafe<undefined>({ description: 'Empty body' });
