import { ledgerRoutes as routes } from '@water/contract/ledger-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { languageOf } from '../../lib/texts.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { LedgerService } from './ledger.service.ts';
import { sendStatement } from './statement-files.ts';

export async function ledgerRoutes(
  app: FastifyInstance,
  { service, orders }: { service: LedgerService; orders: Pick<OrdersService, 'commissionOrders'> },
) {
  contractRoute(app, routes.accounts, async (request) => service.accounts(principalOf(request), request.query));
  contractRoute(app, routes.trialBalance, async (request) => service.trialBalance(principalOf(request)));
  contractRoute(app, routes.postings, async (request) => service.postings(principalOf(request), request.query));
  contractRoute(app, routes.periods, async () => service.periods());
  contractRoute(app, routes.close, async (request, reply) => {
    reply.code(201);
    return service.close(principalOf(request), request.body);
  });
  contractRoute(app, routes.balances, async (request) => service.balances(principalOf(request)));
  contractRoute(app, routes.statement, async (request) =>
    service.statement(principalOf(request), request.query.agentId, request.query.period),
  );
  contractRoute(app, routes.statementFile, async (request, reply) => {
    const { agentId, period, format } = request.query;
    const statement = await service.statement(principalOf(request), agentId, period);
    return sendStatement(reply, statement, format, languageOf(request.headers['accept-language']), app.clock.now());
  });
  contractRoute(app, routes.statementOrders, async (request) =>
    orders.commissionOrders(principalOf(request), request.query),
  );
}
