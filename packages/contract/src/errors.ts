import Type, { type Static } from 'typebox';

/**
 * What went wrong, for programs: clients branch on `code` (and on each field error's `code`),
 * never on the message text, which is meant for people and older clients: in the language the request
 * asks for (`Accept-Language`: Chinese or English), English otherwise.
 */
export const ERROR_CODES = [
  /** Some input is not acceptable; `errors` names every field at fault when it is about fields. */
  'VALIDATION_FAILED',
  /** The body is not parseable as what its content type says (bad JSON, broken multipart). */
  'MALFORMED_BODY',
  /** The path or query string is not valid percent-encoded UTF-8. */
  'MALFORMED_URL',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  /** A rule of the product refuses the request (deleting a job still held, a cycle in a tree, …). */
  'RULE_VIOLATED',
  /** No token, or a token that is invalid, expired or whose session has ended. */
  'UNAUTHENTICATED',
  'WRONG_CREDENTIALS',
  'CAPTCHA_WRONG',
  'CAPTCHA_EXPIRED',
  'ACCOUNT_LOCKED',
  'ACCOUNT_DISABLED',
  'FORBIDDEN',
  /** The user must replace a default password before doing anything else. */
  'PASSWORD_CHANGE_REQUIRED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  /** The server cannot take requests now (its database does not answer); try again shortly. */
  'UNAVAILABLE',
  'INTERNAL',
  /** The machine gateway: the request is not signed, or not signed with the sender's key. */
  'SIGNATURE_INVALID',
  /** The machine gateway: the request's timestamp lies outside the accepted window. */
  'REQUEST_STALE',
  /** The machine gateway: the request's nonce was used before (a replay). */
  'NONCE_REUSED',
  /** The machine gateway: no machine has that serial number. */
  'MACHINE_UNKNOWN',
  /** The machine gateway: the machine may not do this in its lifecycle (retired, in stock, suspended). */
  'MACHINE_UNAVAILABLE',
  /**
   * The record is not in a state that allows this (paying a closed order), or another request
   * changed or removed what this one refers to meanwhile (look again and retry).
   */
  'STATE_CONFLICT',
  /** The machine gateway: the machine is in maintenance mode (locked): it takes no new orders. */
  'MACHINE_MAINTENANCE',
  /** The machine gateway: the coupon cannot be used on this order (another member's, used, expired, not good here, below its minimum spend). */
  'COUPON_UNUSABLE',
  /** The machine gateway: the water card cannot pay (wrong number or secret, frozen, reissued, not taken at this machine). */
  'CARD_REFUSED',
  /** The machine gateway: the sale is above the card's per-use limit, or takes the day's sales above its per-day limit. */
  'CARD_LIMIT',
  /** The machine gateway: the card's balance is less than the sale. */
  'CARD_BALANCE',
  /** A list's download asks for more rows than are answered at once: export it in the background. */
  'EXPORT_TOO_LARGE',
  /** The machine already has an open work order of that type (one at a time). */
  'WORK_ORDER_OPEN',
  /** A holder has fewer of a part than the request takes (stock never goes below zero). */
  'STOCK_SHORT',
  /** The public page: no payment driver is configured for the channel, so it cannot be paid with now. */
  'CHANNEL_UNAVAILABLE',
  /** The public page: the machine is not selling now (offline, in maintenance, faulty, not operating). */
  'MACHINE_NOT_SELLING',
  /** The public page: the sign-in code is wrong, expired or was tried too often (ask for a new one). */
  'CODE_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why one field was refused. */
export const FIELD_ERROR_CODES = [
  'required',
  /** A field the operation does not accept. */
  'unknown',
  /** Wrong JSON type (text where a number is expected, …). */
  'type',
  'too_short',
  'too_long',
  'too_small',
  'too_large',
  /** Does not have the required form (pattern, e-mail, phone, link, …). */
  'format',
  /** Not one of the accepted values. */
  'choice',
  /** Already used by another record (names, usernames, e-mail addresses, …). */
  'taken',
  /** Names a record that does not exist or that the caller may not use. */
  'unknown_reference',
  /** Any other reason; the message says which. */
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const FieldError = Type.Object({
  field: Type.String({ description: 'Path of the field: `name`, `dept.id`, `jobs.0.id`' }),
  code: Type.Unsafe<FieldErrorCode>({
    type: 'string',
    enum: [...FIELD_ERROR_CODES],
    description: 'Why the field was refused',
  }),
  message: Type.String({
    description: 'The reason in the language asked for (English otherwise), without the field name',
  }),
  params: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), {
      description: 'Figures of the rule: `limit` for lengths and bounds, `value` for a taken name',
    }),
  ),
});
export type FieldError = Static<typeof FieldError>;

export const ErrorBody = Type.Object(
  {
    status: Type.Integer({ description: 'HTTP status, equal to the response status' }),
    message: Type.String({
      description:
        'What went wrong in the language asked for (English otherwise), naming the first field for bad input',
    }),
    timestamp: Type.Integer({ description: 'Milliseconds since the epoch' }),
    code: Type.Optional(
      Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES], description: 'What went wrong, for programs' }),
    ),
    errors: Type.Optional(
      Type.Array(FieldError, { description: 'Every refused field, when the error is about fields' }),
    ),
    state: Type.Optional(Type.String({ description: 'With STATE_CONFLICT: the state the record is in (`CLOSED`)' })),
    event: Type.Optional(Type.String({ description: 'With STATE_CONFLICT: what was refused in that state (`PAY`)' })),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `field: message`, the readable line of one field error (the first one is the body's `message`). */
export function fieldErrorLine(error: Pick<FieldError, 'field' | 'message'>): string {
  return `${error.field}: ${error.message}`;
}
