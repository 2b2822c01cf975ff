import { storageRoutes as routes } from '@water/contract/storage-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { StorageService } from './storage.service.ts';

/** `GET /files/<name>` (and eladmin-web's `/file/<type>/<name>`): stored files, public under unguessable names. */
export async function publicFilesRoutes(app: FastifyInstance, { service }: { service: StorageService }) {
  contractRoute(app, routes.served.file, async (request, reply) => service.send(reply, request.params.name));
  contractRoute(app, routes.served.legacyFile, async (request, reply) => service.send(reply, request.params.name));
}

export async function storageRoutes(app: FastifyInstance, { service }: { service: StorageService }) {
  const { files, pictures, localStorage, s3, cloud } = routes;
  contractRoute(app, files.list, async (request) => service.list(request.query, false));
  contractRoute(app, pictures.list, async (request) => service.list(request.query, true));
  contractRoute(app, files.upload, async (request) => service.upload(principalOf(request), request, false));
  contractRoute(app, pictures.upload, async (request) => service.upload(principalOf(request), request, true));

  contractRoute(app, localStorage.list, async (request) => service.legacyList(request.query));
  contractRoute(app, localStorage.upload, async (request) => {
    await service.legacyUpload(principalOf(request), request, false, request.query.name);
  });
  contractRoute(app, localStorage.uploadPicture, async (request) =>
    service.legacyUpload(principalOf(request), request, true),
  );

  for (const [view, list, upload] of [
    [s3, service.s3List, service.s3Upload],
    [cloud, service.cloudList, service.cloudUpload],
  ] as const) {
    contractRoute(app, view.list, async (request) => list(request.query));
    contractRoute(app, view.upload, async (request) => upload(principalOf(request), request));
    contractRoute(app, view.downloadLink, async (request) => service.downloadLink(request.params.id));
  }
  contractRoute(app, cloud.removeOne, async (request) => {
    await service.remove([request.params.id]);
  });

  for (const writes of [files, localStorage, s3, cloud]) {
    contractRoute(app, writes.rename, async (request) => {
      await service.rename(principalOf(request), request.body.id, request.body.name);
    });
    contractRoute(app, writes.remove, async (request) => {
      await service.remove(request.body);
    });
  }
}
