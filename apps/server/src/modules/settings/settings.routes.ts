import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, Empty, ErrorBody } from '@water/contract/common';
import { GlobalSettings, GlobalSettingsQuery } from '@water/contract/settings';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../plugins/auth.ts';
import type { SettingsService } from './settings.service.ts';

const tags = ['global settings'];

/** `GET api/global/setting`: public, read before anyone signs in. */
export async function publicSettingsRoutes(base: FastifyInstance, { service }: { service: SettingsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/global/setting',
    {
      schema: {
        tags,
        summary: 'Global settings of a side (title, footer text, case number, publicity)',
        querystring: GlobalSettingsQuery,
        response: { 200: GlobalSettings, 400: ErrorBody },
      },
    },
    async (request) => service.get(request.query),
  );
}

export async function settingsRoutes(base: FastifyInstance, { service }: { service: SettingsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/api/global/setting',
    {
      schema: {
        tags,
        summary: 'Store the global settings of a side',
        querystring: GlobalSettingsQuery,
        body: GlobalSettings,
        response: { 204: Empty, 400: ErrorBody, ...authErrors },
      },
      config: { permission: ['setting:edit'] },
    },
    async (request, reply) => {
      await service.save(principalOf(request), request.query, request.body);
      return reply.code(204).send();
    },
  );
}
