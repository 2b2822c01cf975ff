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
import { principalOf } from '../../plugins/auth.ts';
import { avatarDirOf, readAvatarUpload, removeAvatars, storeAvatar } from './avatar.ts';
import type { UserCenterService } from './user-center.service.ts';

export interface UserCenterRoutesOptions {
  service: UserCenterService;
  dataDir: string;
}

const tags = ['personal center'];

/** The signed-in user's own account: profile, password, avatar and e-mail address. */
export async function userCenterRoutes(base: FastifyInstance, { service, dataDir }: UserCenterRoutesOptions) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const avatarDir = avatarDirOf(dataDir);

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

  // eladmin clients post to `updatePass/`, with the slash.
  for (const url of ['/api/users/updatePass', '/api/users/updatePass/']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Change one’s own password',
          hide: url.endsWith('/'),
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
  }

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
    async (request) => {
      const { bytes, kind } = await readAvatarUpload(request);
      const name = await storeAvatar(avatarDir, bytes, kind);
      const previous = await service.setAvatar(principalOf(request), name).catch(async (error) => {
        await removeAvatars(avatarDir, [name]);
        throw error;
      });
      await removeAvatars(avatarDir, [previous]);
      return { avatar: name };
    },
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
