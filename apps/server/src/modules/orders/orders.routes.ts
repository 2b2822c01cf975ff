import { orderRoutes as routes } from '@water/contract/orders-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerExport, registerList } from '../../lib/crud-routes.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

export async function ordersRoutes(app: FastifyInstance, { service }: { service: OrdersService }) {
  registerList(app, routes, service);
  contractRoute(app, routes.totals, async (request) => service.totals(principalOf(request), request.query));
  contractRoute(app, routes.filterOptions, async (request) => service.filterOptions(principalOf(request)));
  contractRoute(app, routes.exportInBackground, async (request) =>
    service.exportInBackground(principalOf(request), request.body, languageOf(request.headers['accept-language'])),
  );
  contractRoute(app, routes.detail, async (request) => service.detail(principalOf(request), request.params.orderNo));
  contractRoute(app, routes.requestRefund, async (request) =>
    service.requestRefund(principalOf(request), request.params.orderNo, request.body),
  );
  contractRoute(app, routes.refunds, async (request) => service.refunds(principalOf(request), request.query));
  registerExport(app, routes.exportRefunds, (request) => service.exportRefunds(principalOf(request), request.query));
  contractRoute(app, routes.reviewRefund, async (request) => {
    await service.review(principalOf(request), request.params.id, request.body);
  });
}
