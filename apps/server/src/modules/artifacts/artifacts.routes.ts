import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ARTIFACT_PERMISSIONS, Artifact, ArtifactQuery, ArtifactUploadQuery } from '@water/contract/artifacts';
import { authErrors, ErrorBody, Id, Page } from '@water/contract/common';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import type { ArtifactsService } from './artifacts.service.ts';

const tags = ['operations'];

export async function artifactsRoutes(base: FastifyInstance, { service }: { service: ArtifactsService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  // eladmin-web's deploy and database pages upload here (multipart field "file"; its other form
  // fields are ignored). What is uploaded is kept, never run.
  for (const [kind, what] of [
    ['deploy', 'a deployment package'],
    ['database', 'a database script'],
  ] as const) {
    app.post(
      `/api/${kind}/upload`,
      {
        schema: {
          tags,
          summary: `Keep ${what} as its next version (multipart field "file"); it is never run`,
          querystring: ArtifactUploadQuery,
          consumes: ['multipart/form-data'],
          uploadField: 'file',
          response: { 201: Artifact, 400: ErrorBody, 413: ErrorBody, ...authErrors },
        },
        config: { permission: [ARTIFACT_PERMISSIONS[kind].add] },
      },
      async (request, reply) =>
        reply.code(201).send(await service.upload(principalOf(request), request, kind, request.query.notes)),
    );
  }

  const listers = [ARTIFACT_PERMISSIONS.deploy.list, ARTIFACT_PERMISSIONS.database.list] as const;
  app.get(
    '/api/artifacts',
    {
      schema: {
        tags,
        summary: 'Uploaded packages and scripts, newest first, of the kinds the caller may list',
        querystring: ArtifactQuery,
        response: { 200: Page(Artifact), 400: ErrorBody, ...authErrors },
      },
      config: { permission: [...listers] },
    },
    async (request) => service.list(principalOf(request), request.query),
  );

  app.get(
    '/api/artifacts/:id/file',
    {
      schema: {
        tags,
        summary: 'Download an uploaded package or script',
        params: Type.Object({ id: Id() }),
        response: { 400: ErrorBody, 404: ErrorBody, ...authErrors },
      },
      config: { permission: [...listers] },
    },
    async (request, reply) => service.send(principalOf(request), reply, request.params.id),
  );
}
