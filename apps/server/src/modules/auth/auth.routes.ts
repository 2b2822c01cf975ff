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
import { SIGN_IN_LOG_DESCRIPTION } from '@water/contract/constants';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../lib/authenticate.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

const tags = ['auth'];

export interface AuthRoutesOptions {
  service: AuthService;
  /** Sign-in attempts per minute per IP address. */
  authRateLimit: number;
}

/** What a visitor reaches before signing in. */
export async function publicAuthRoutes(base: FastifyInstance, { service, authRateLimit }: AuthRoutesOptions) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const rateLimit = { max: authRateLimit, timeWindow: 60_000 };

  app.get(
    '/auth/code',
    { schema: { tags, summary: 'A new arithmetic captcha', response: { 200: CaptchaResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.captcha();
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username, password and the captcha answer',
        body: LoginBody,
        response: { 200: LoginResponse, 400: ErrorBody, 429: ErrorBody },
      },
      config: { rateLimit, logAsUser: SIGN_IN_LOG_DESCRIPTION },
    },
    async (request) => service.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/auth/resetPassword/code',
    {
      schema: {
        tags,
        summary: 'Mail a password reset code to the address of an account named by username or e-mail',
        body: ResetCodeBody,
        response: { 200: Empty, 400: ErrorBody, 429: ErrorBody },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      await service.requestReset(request.body.account, request.log);
      return reply.code(200).send();
    },
  );

  app.post(
    '/auth/resetPassword',
    {
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; every session of the account ends',
        body: ResetPasswordBody,
        response: { 200: Empty, 400: ErrorBody, 429: ErrorBody },
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      await service.resetPassword(request.body);
      return reply.code(200).send();
    },
  );

  app.delete(
    '/auth/logout',
    { schema: { tags, summary: 'Sign out: the token stops working everywhere at once' } },
    async (request, reply) => {
      await service.logout(bearerToken(request.headers.authorization));
      return reply.code(200).send();
    },
  );
}

export async function authRoutes(base: FastifyInstance, { service }: { service: AuthService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/auth/info',
    {
      schema: { tags, summary: 'The signed-in user with permissions', response: { 200: AuthInfo, ...authErrors } },
      config: { permission: 'signed-in', duringPasswordChange: true },
    },
    async (request) => service.info(principalOf(request)),
  );
}
