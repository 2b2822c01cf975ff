import Type from 'typebox';
import { authErrors, Empty, ErrorBody, IdList } from './common.ts';
import { crudRoutes } from './crud-routes.ts';
import { defineRoute, FileReply } from './route.ts';
import {
  AvatarResponse,
  EmailCodeQuery,
  UpdateEmailInput,
  UpdateEmailParams,
  UpdatePassInput,
  UserCenterInput,
  UserCreateInput,
  UserFilter,
  UserPage,
  UserQuery,
  UserUpdateInput,
} from './users.ts';

export const userRoutes = {
  ...crudRoutes({
    path: '/api/users',
    tags: ['users'],
    summaries: {
      list: 'Users in the caller’s data scope, filtered and paged',
      export: 'Export users as an Excel workbook',
      create: 'Create a user',
      update: 'Update a user',
      remove: 'Delete users',
    },
    permissions: { list: ['user:list'], add: ['user:add'], edit: ['user:edit'], del: ['user:del'] },
    schemas: { query: UserQuery, page: UserPage, filter: UserFilter, create: UserCreateInput, update: UserUpdateInput },
  }),
  resetPasswords: defineRoute({
    method: 'PUT',
    path: '/api/users/resetPwd',
    summary: 'Reset passwords to the default, to be changed at the next sign-in',
    tags: ['users'],
    permission: ['user:edit'],
    body: IdList,
    replies: { 204: Empty, 400: ErrorBody, 404: ErrorBody, ...authErrors },
  }),
  /** Public, because `<img>` sends no token; the names are random 128-bit values. */
  avatar: defineRoute({
    method: 'GET',
    path: '/avatar/:name',
    summary: 'An avatar image',
    tags: ['users'],
    permission: 'public',
    params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
    replies: { 200: FileReply(['image/png', 'image/jpeg', 'image/gif']) },
  }),
};

const tags = ['personal center'];

/** The signed-in user's own account: profile, password, avatar and e-mail address. */
export const userCenterRoutes = {
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/users/center',
    summary: 'Update one’s own profile',
    tags,
    permission: 'signed-in',
    body: UserCenterInput,
    replies: { 204: Empty, 400: ErrorBody, ...authErrors },
  }),
  /** eladmin clients post to `updatePass/`, with the slash: the router ignores trailing slashes. */
  updatePassword: defineRoute({
    method: 'POST',
    path: '/api/users/updatePass',
    summary: 'Change one’s own password',
    tags,
    permission: 'signed-in',
    duringPasswordChange: true,
    body: UpdatePassInput,
    replies: { 200: Empty, 400: ErrorBody, ...authErrors },
  }),
  updateAvatar: defineRoute({
    method: 'POST',
    path: '/api/users/updateAvatar',
    summary: 'Upload one’s own avatar',
    tags,
    permission: 'signed-in',
    upload: 'avatar',
    replies: { 200: AvatarResponse, 400: ErrorBody, 413: ErrorBody, ...authErrors },
  }),
  sendEmailCode: defineRoute({
    method: 'POST',
    path: '/api/code/email/resetEmail',
    summary: 'Send a code to a new e-mail address',
    tags,
    permission: 'signed-in',
    query: EmailCodeQuery,
    replies: { 200: Empty, 400: ErrorBody, 429: ErrorBody, ...authErrors },
  }),
  /** The path of eladmin clients. */
  sendEmailCodeEladmin: defineRoute({
    method: 'POST',
    path: '/api/code/resetEmail',
    summary: 'Send a code to a new e-mail address',
    tags,
    permission: 'signed-in',
    hide: true,
    query: EmailCodeQuery,
    replies: { 200: Empty, 400: ErrorBody, 429: ErrorBody, ...authErrors },
  }),
  updateEmail: defineRoute({
    method: 'POST',
    path: '/api/users/updateEmail/:code',
    summary: 'Change one’s own e-mail address with the code sent to it',
    tags,
    permission: 'signed-in',
    params: UpdateEmailParams,
    body: UpdateEmailInput,
    replies: { 200: Empty, 400: ErrorBody, ...authErrors },
  }),
};
