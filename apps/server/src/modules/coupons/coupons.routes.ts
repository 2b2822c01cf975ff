import { couponRoutes as routes } from '@water/contract/coupons-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerCrud, registerList } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { CouponsService } from './coupons.service.ts';

export async function couponsRoutes(app: FastifyInstance, { service }: { service: CouponsService }) {
  registerCrud(app, routes.templates, service);
  contractRoute(app, routes.setTemplateStatus, async (request) => {
    await service.setStatus(principalOf(request), request.params.id, request.body.status);
  });
  contractRoute(app, routes.push, async (request) =>
    service.push(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.stats, async (request) => service.stats(principalOf(request), request.query));
  registerList(app, routes.issued, { list: service.coupons, exportSheet: service.exportCoupons });
  contractRoute(app, routes.revoke, async (request) => {
    await service.revoke(principalOf(request), request.body);
  });
}
