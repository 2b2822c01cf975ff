import Type, { type Static } from 'typebox';
import { DateTime } from './common.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from './validators.ts';

export const CaptchaResponse = Type.Object({
  img: Type.String({ description: 'data:image/svg+xml;base64,… picture of the question' }),
  uuid: Type.String({ description: 'captcha_code:<32 hex>, sent back with the answer' }),
});
export type CaptchaResponse = Static<typeof CaptchaResponse>;

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  code: Type.String({ minLength: 1, maxLength: 16 }),
  uuid: Type.String({ minLength: 1, maxLength: 64 }),
});
export type LoginBody = Static<typeof LoginBody>;

const Ref = Type.Object({ id: Type.Integer(), name: Type.String() });

export const RoleSmall = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  level: Type.Integer(),
  dataScope: Type.String(),
});

export const UserDto = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  gender: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String({ pattern: PHONE_PATTERN }), Type.Null()]),
  email: Type.Union([Type.String({ pattern: EMAIL_PATTERN }), Type.Null()]),
  avatarName: Type.Union([Type.String(), Type.Null()]),
  avatarPath: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  pwdResetTime: Type.Union([DateTime, Type.Null()]),
  dept: Type.Union([Ref, Type.Null()]),
  jobs: Type.Array(Ref),
  roles: Type.Array(RoleSmall),
  createTime: Type.Union([DateTime, Type.Null()]),
  updateTime: Type.Union([DateTime, Type.Null()]),
});
export type UserDto = Static<typeof UserDto>;

export const AuthInfo = Type.Object({
  user: UserDto,
  dataScopes: Type.Array(Type.Integer()),
  authorities: Type.Array(Type.Object({ authority: Type.String() })),
  roles: Type.Array(Type.String(), { description: 'Permission strings the client checks' }),
});
export type AuthInfo = Static<typeof AuthInfo>;

export const LoginResponse = Type.Object({
  token: Type.String({ description: 'Bearer <jwt>; send it back verbatim in Authorization' }),
  user: AuthInfo,
});
export type LoginResponse = Static<typeof LoginResponse>;

/** How long a mailed password-reset code works. */
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;

/** The account whose password was forgotten: its username or its e-mail address. */
const Account = Type.String({
  minLength: 1,
  maxLength: 255,
  description: 'username or e-mail address',
  errorMessage: 'enter a username or an e-mail address',
});

export const ResetCodeBody = Type.Object({ account: Account });
export type ResetCodeBody = Static<typeof ResetCodeBody>;

export const ResetPasswordBody = Type.Object({
  account: Account,
  code: Type.String({ minLength: 1, maxLength: 16, errorMessage: 'enter the code from the e-mail' }),
  // PASSWORD_MIN_LENGTH and PASSWORD_MAX_LENGTH of users.ts (which imports this file).
  password: Type.String({ minLength: 6, maxLength: 128, errorMessage: 'must have 6 to 128 characters' }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;
