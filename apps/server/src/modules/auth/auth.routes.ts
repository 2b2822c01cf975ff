import type { KeyObject } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AuthInfo,
  CaptchaResponse,
  LoginBody,
  LoginResponse,
  ResetCodeBody,
  ResetPasswordBody,
} from '@water/contract/auth';
import { authErrors, Empty, ErrorBody } from '@water/contract/common';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../lib/authenticate.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import { loggableParams, writeLog } from '../../plugins/operation-log.ts';
import { loadAuthInfo } from '../users/user-info.repository.ts';
import { login, logout } from './auth.service.ts';
import { issueCaptcha } from './captcha.service.ts';
import { requestReset, resetPassword } from './reset-password.ts';

/** The description of sign-in entries in the operation log, which the dashboard counts. */
export const SIGN_IN = 'Sign in';

export interface PublicAuthOptions {
  captchaTestAnswer: string | undefined;
  legacyKey: KeyObject | undefined;
  authRateLimit: number;
}

export async function publicAuthRoutes(base: FastifyInstance, options: PublicAuthOptions) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/auth/code',
    {
      schema: { tags: ['auth'], summary: 'A new arithmetic captcha', response: { 200: CaptchaResponse } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueCaptcha(app.db, app.clock, options.captchaTestAnswer);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username, password and the captcha answer',
        body: LoginBody,
        response: { 200: LoginResponse, 400: ErrorBody, 429: ErrorBody },
      },
      config: {
        rateLimit: {
          max: options.authRateLimit,
          timeWindow: 60_000,
        },
      },
    },
    async (request, reply) => {
      const username = request.body.username.trim();
      const entry = {
        description: SIGN_IN,
        method: 'POST /auth/login',
        params: loggableParams({ username }),
        username,
      };
      try {
        const answer = await login(app, request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          legacyKey: options.legacyKey,
        });
        await writeLog(app, request, { ...entry, logType: 'INFO', time: Math.round(reply.elapsedTime) });
        return answer;
      } catch (error) {
        const detail = error instanceof Error && 'statusCode' in error ? error.message : 'Internal server error';
        await writeLog(app, request, {
          ...entry,
          logType: 'ERROR',
          time: Math.round(reply.elapsedTime),
          exceptionDetail: `${detail} (request ${request.id})`,
        });
        throw error;
      }
    },
  );

  app.post(
    '/auth/resetPassword/code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset code to the address of an account',
        body: ResetCodeBody,
        response: { 200: Empty, 400: ErrorBody, 429: ErrorBody },
      },
      config: { rateLimit: { max: options.authRateLimit, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      await requestReset(app, request.body.email, request.log);
      return reply.code(200).send();
    },
  );

  app.post(
    '/auth/resetPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed code; every session of the account ends',
        body: ResetPasswordBody,
        response: { 200: Empty, 400: ErrorBody, 429: ErrorBody },
      },
      config: { rateLimit: { max: options.authRateLimit, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      await resetPassword(app, request.body);
      return reply.code(200).send();
    },
  );

  app.delete(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out: the token stops working everywhere at once' } },
    async (request, reply) => {
      await logout(app, bearerToken(request.headers.authorization));
      return reply.code(200).send();
    },
  );
}

export async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/auth/info',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user with permissions',
        response: { 200: AuthInfo, ...authErrors },
      },
      config: { permission: 'signed-in', duringPasswordChange: true },
    },
    async (request) => {
      const info = await loadAuthInfo(app.db, request.principal!.id);
      if (!info) throw unauthorized();
      return info;
    },
  );
}
