import { AuthInfo, CaptchaResponse, LoginBody, LoginResponse, ResetCodeBody, ResetPasswordBody } from './auth.ts';
import { authErrors, Empty, ErrorBody } from './common.ts';
import { defineRoute, NoBody } from './route.ts';

const tags = ['auth'];

/** Signing in and out, and a forgotten password; all but `info` reached without signing in. */
export const authRoutes = {
  captcha: defineRoute({
    method: 'GET',
    path: '/auth/code',
    summary: 'A new arithmetic captcha',
    tags,
    permission: 'public',
    replies: { 200: CaptchaResponse },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with username, password and the captcha answer',
    tags,
    permission: 'public',
    body: LoginBody,
    replies: { 200: LoginResponse, 400: ErrorBody, 429: ErrorBody },
  }),
  requestResetCode: defineRoute({
    method: 'POST',
    path: '/auth/resetPassword/code',
    summary: 'Mail a password reset code to the address of an account named by username or e-mail',
    tags,
    permission: 'public',
    body: ResetCodeBody,
    replies: { 200: Empty, 400: ErrorBody, 429: ErrorBody },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/resetPassword',
    summary: 'Set a new password with the mailed code; every session of the account ends',
    tags,
    permission: 'public',
    body: ResetPasswordBody,
    replies: { 200: Empty, 400: ErrorBody, 429: ErrorBody },
  }),
  /** Public: an expired token signs out too. */
  logout: defineRoute({
    method: 'DELETE',
    path: '/auth/logout',
    summary: 'Sign out: the token stops working everywhere at once',
    tags,
    permission: 'public',
    replies: { 200: NoBody },
  }),
  info: defineRoute({
    method: 'GET',
    path: '/auth/info',
    summary: 'The signed-in user with permissions',
    tags,
    permission: 'signed-in',
    duringPasswordChange: true,
    replies: { 200: AuthInfo, ...authErrors },
  }),
};
