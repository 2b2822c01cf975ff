import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody } from '@water/contract/common';
import {
  AvatarResponse,
  EmailCodeQuery,
  UpdateEmailInput,
  UpdateEmailParams,
  UpdatePassInput,
  UserCenterInput,
} from '@water/contract/users';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import type { UserCenterService } from './user-center.service.ts';

export interface UserCenterRoutesOptions {
  service: UserCenterService;
}

/** `GET /avatar/<name>`: public, because `<img>` sends no token; the names are random 128-bit values. */
export async function publicAvatarRoutes(app: FastifyInstance, { service }: UserCenterRoutesOptions) {
  app.get(
    '/avatar/:name',
    {
      schema: {
        tags: ['users'],
        summary: 'An avatar image',
        params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
        produces: ['image/png', 'image/jpeg', 'image/gif'],
      },
    },
    async (request, reply) => service.sendAvatar(reply, (request.params as { name: string }).name),
  );
}

const tags = ['personal center'];

/** The signed-in user's own account: profile, password, avatar and e-mail address. */
export async function userCenterRoutes(base: FastifyInstance, { service }: UserCenterRoutesOptions) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.put(
    '/api/users/center',
    {
      schema: {
        tags,
        summary: 'Update one’s own profile',
        body: UserCenterInput,
        response: { 204: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request, reply) => {
      await service.updateProfile(principalOf(request), request.body);
      return reply.code(204).send();
    },
  );

  // eladmin clients post to `updatePass/`, with the slash: the router ignores trailing slashes.
  app.post(
    '/api/users/updatePass',
    {
      schema: {
        tags,
        summary: 'Change one’s own password',
        body: UpdatePassInput,
        response: { 200: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: 'signed-in', duringPasswordChange: true },
    },
    async (request, reply) => {
      await service.updatePassword(principalOf(request), request.sessionId as string, request.body);
      return reply.code(200).send();
    },
  );

  app.post(
    '/api/users/updateAvatar',
    {
      schema: {
        tags,
        summary: 'Upload one’s own avatar',
        consumes: ['multipart/form-data'],
        uploadField: 'avatar',
        response: { 200: AvatarResponse, 400: ErrorBody, 413: ErrorBody, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => service.uploadAvatar(principalOf(request), request),
  );

  // `api/code/resetEmail` is the path of eladmin clients.
  for (const url of ['/api/code/email/resetEmail', '/api/code/resetEmail']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Send a code to a new e-mail address',
          hide: url === '/api/code/resetEmail',
          querystring: EmailCodeQuery,
          response: { 200: Empty, 400: ErrorBody, 429: ErrorBody, ...authErrors },
        },
        config: { permission: 'signed-in' },
      },
      async (request, reply) => {
        await service.sendEmailCode(principalOf(request), request.query.email, request.log);
        return reply.code(200).send();
      },
    );
  }

  app.post(
    '/api/users/updateEmail/:code',
    {
      schema: {
        tags,
        summary: 'Change one’s own e-mail address with the code sent to it',
        params: UpdateEmailParams,
        body: UpdateEmailInput,
        response: { 200: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request, reply) => {
      await service.updateEmail(principalOf(request), request.params.code, request.body);
      return reply.code(200).send();
    },
  );
}
