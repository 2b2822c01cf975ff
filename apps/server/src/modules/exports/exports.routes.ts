import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors, ErrorBody, IdRef } from '@water/contract/common';
import { ExportJob } from '@water/contract/exports';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import type { ExportsService } from './exports.service.ts';

const tags = ['exports'];

/** The caller's background exports: the list, and each finished workbook. */
export async function exportsRoutes(base: FastifyInstance, { service }: { service: ExportsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/exports',
    {
      schema: {
        tags,
        summary: 'The caller’s background exports, newest first (the last 20)',
        response: { 200: Type.Array(ExportJob), ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request) => service.mine(principalOf(request)),
  );
  app.get(
    '/api/exports/:id/file',
    {
      schema: {
        tags,
        summary: 'Download a finished export of the caller as an Excel workbook',
        params: IdRef,
        response: { 404: ErrorBody, ...authErrors },
      },
      config: { permission: 'signed-in' },
    },
    async (request, reply) => service.send(principalOf(request), request.params.id, reply),
  );
}
