import { reconciliationRoutes as routes } from '@water/contract/reconciliation-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerList } from '../../lib/crud-routes.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { readUpload } from '../../lib/uploads.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { ReconciliationService } from './reconciliation.service.ts';

/** The statement file of an import; one over the limit is refused in the console's words. */
async function statementFile(request: FastifyRequest, maxBytes: number) {
  try {
    return await readUpload(request, 'file', maxBytes);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 413) throw error;
    throw new HttpError(
      413,
      { key: 'errors.reconciliation.tooLarge', values: { mb: Math.floor(maxBytes / 1024 / 1024) } },
      'PAYLOAD_TOO_LARGE',
    );
  }
}

export async function reconciliationRoutes(
  app: FastifyInstance,
  { service, maxBytes }: { service: ReconciliationService; maxBytes: number },
) {
  contractRoute(app, routes.imports, async (request) => service.imports(principalOf(request), request.query));
  contractRoute(app, routes.importStatement, async (request) =>
    service.importStatement(principalOf(request), await statementFile(request, maxBytes), request.query),
  );
  registerList(app, routes.discrepancies, service);
  contractRoute(app, routes.resolve, async (request) =>
    service.resolve(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.openDiscrepancies, async (request) => service.openOf(principalOf(request), request.query));
}
