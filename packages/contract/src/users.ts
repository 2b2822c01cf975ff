import Type, { type Static } from 'typebox';
import { UserDto } from './auth.ts';
import { CreateTimeRange, Id, IdRef, nullable, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';
import { EMAIL_PATTERN, PHONE_PATTERN } from './validators.ts';

export const GENDERS = ['男', '女'] as const;
export type Gender = (typeof GENDERS)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Largest avatar accepted by `api/users/updateAvatar`. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png'] as const;

const PHONE_MESSAGE = 'must be 11 digits starting with 1';
const EMAIL_MESSAGE = 'must be an e-mail address such as name@example.com';

const gender = () =>
  nullable<Gender>('string', { enum: [...GENDERS, null], errorMessage: `must be ${GENDERS.join(' or ')}` });
const phone = () => nullable<string>('string', { pattern: PHONE_PATTERN, errorMessage: PHONE_MESSAGE });
const email = () => nullable<string>('string', { maxLength: 255, pattern: EMAIL_PATTERN, errorMessage: EMAIL_MESSAGE });

/** A user in the list and its Excel file: the user, with the names of its department, jobs and roles as text. */
export const UserRow = Type.Object({
  ...UserDto.properties,
  deptName: Type.Union([Type.String(), Type.Null()], { description: 'the department’s name (dept.name)' }),
  jobNames: Type.String({ description: 'the jobs’ names, comma-separated' }),
  roleNames: Type.String({ description: 'the roles’ names, comma-separated' }),
});
export type UserRow = Static<typeof UserRow>;

export const UserPage = Type.Object({
  content: Type.Array(UserRow),
  totalElements: Type.Integer({ minimum: 0 }),
});

/** The users' list, on the page and in its Excel file. */
export const USER_COLUMNS = listColumns<UserRow>()({
  username: { field: 'username', title: 'users.username', sortable: true, width: 120 },
  nickName: { field: 'nickName', title: 'users.nickName', sortable: true, width: 120 },
  gender: {
    field: 'gender',
    title: 'users.gender',
    kind: 'enum',
    labels: 'users.genders',
    sortable: true,
    hidden: true,
    width: 80,
  },
  phone: { field: 'phone', title: 'users.phone', sortable: true, hidden: true, width: 130 },
  email: { field: 'email', title: 'users.email', sortable: true, width: 180 },
  dept: { field: 'deptName', title: 'users.dept', width: 110 },
  jobs: { field: 'jobNames', title: 'users.jobs', fileOnly: true },
  roles: { field: 'roleNames', title: 'users.roles', width: 130 },
  enabled: {
    field: 'enabled',
    title: 'users.status',
    kind: 'enum',
    labels: 'users.statuses',
    sortable: true,
    width: 90,
  },
  pwdResetTime: { field: 'pwdResetTime', title: 'users.pwdResetTime', fileOnly: true },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, width: 170 },
});

const userFilters = {
  blurry: Type.Optional(Type.String({ maxLength: 255, description: 'part of the username, nickname or e-mail' })),
  enabled: Type.Optional(Type.Boolean()),
  deptId: Type.Optional(Id({ description: 'this department and every one below it' })),
  createTime: Type.Optional(CreateTimeRange),
};

export const UserQuery = Type.Object({ ...PageQuery.properties, ...userFilters });
export type UserQuery = Static<typeof UserQuery>;

/** Filters of the Excel export: those of the list, without paging. */
export const UserFilter = Type.Object({ ...userFilters, sort: PageQuery.properties.sort });

const userFields = {
  username: Type.String({
    minLength: 2,
    maxLength: 64,
    pattern: '^\\S+$',
    errorMessage: 'must be 2 to 64 characters without spaces',
  }),
  nickName: Type.String({ minLength: 1, maxLength: 255 }),
  /** Absent: null for a new user, unchanged for an existing one (likewise phone and email). */
  gender: Type.Optional(gender()),
  phone: Type.Optional(phone()),
  email: Type.Optional(email()),
  dept: IdRef,
  jobs: Type.Optional(Type.Array(IdRef, { maxItems: 1000 })),
  roles: Type.Array(IdRef, { minItems: 1, maxItems: 1000 }),
  /** Absent: enabled for a new user, unchanged for an existing one. */
  enabled: Type.Optional(Type.Boolean()),
};

export const UserCreateInput = Type.Object({
  id: Type.Optional(Type.Null()),
  ...userFields,
  /** Absent: the server's default password, which must be changed at the first sign-in. */
  password: Type.Optional(
    Type.String({
      minLength: PASSWORD_MIN_LENGTH,
      maxLength: PASSWORD_MAX_LENGTH,
      errorMessage: 'must have 6 to 128 characters',
    }),
  ),
});
export type UserCreateInput = Static<typeof UserCreateInput>;

export const UserUpdateInput = Type.Object({ id: Id(), ...userFields });
export type UserUpdateInput = Static<typeof UserUpdateInput>;

/** `PUT api/users/center`: the signed-in user's own profile. */
export const UserCenterInput = Type.Object({
  id: Id(),
  nickName: Type.String({ minLength: 1, maxLength: 255 }),
  gender: Type.Optional(gender()),
  phone: Type.Optional(phone()),
});
export type UserCenterInput = Static<typeof UserCenterInput>;

/** Passwords may arrive RSA-encrypted from eladmin clients, so their length is checked after decryption. */
export const UpdatePassInput = Type.Object({
  oldPass: Type.String({ minLength: 1, maxLength: 1024 }),
  newPass: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type UpdatePassInput = Static<typeof UpdatePassInput>;

export const UpdateEmailInput = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  email: Type.String({ maxLength: 255, pattern: EMAIL_PATTERN, errorMessage: EMAIL_MESSAGE }),
});
export type UpdateEmailInput = Static<typeof UpdateEmailInput>;

export const UpdateEmailParams = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 16 }),
});

export const EmailCodeQuery = Type.Object({
  email: Type.String({ maxLength: 255, pattern: EMAIL_PATTERN, errorMessage: EMAIL_MESSAGE }),
});
export type EmailCodeQuery = Static<typeof EmailCodeQuery>;

export const AvatarResponse = Type.Object({
  avatar: Type.String({ description: 'stored file name, served at /avatar/<name>' }),
});
export type AvatarResponse = Static<typeof AvatarResponse>;

/** Life of an e-mail verification code. */
export const EMAIL_CODE_TTL_MS = 5 * 60 * 1000;
