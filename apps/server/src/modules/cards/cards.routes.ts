import { cardRoutes as routes } from '@water/contract/cards-routes';
import type { FastifyInstance } from 'fastify';
import { contractRoute } from '../../lib/contract-route.ts';
import { registerList } from '../../lib/crud-routes.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { CardsService } from './cards.service.ts';

export async function cardsRoutes(app: FastifyInstance, { service }: { service: CardsService }) {
  registerList(app, routes.cards, service);
  registerList(app, routes.liabilities, { list: service.liabilities, exportSheet: service.exportLiabilities });
  contractRoute(app, routes.rules, async () => service.rules());
  contractRoute(app, routes.issue, async (request) => service.issue(principalOf(request), request.body));
  contractRoute(app, routes.card, async (request) => service.card(principalOf(request), request.params.id));
  contractRoute(app, routes.movements, async (request) =>
    service.movements(principalOf(request), request.params.id, request.query),
  );
  contractRoute(app, routes.topUp, async (request) =>
    service.topUp(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.setState, async (request) =>
    service.setState(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.setLimits, async (request) =>
    service.setLimits(principalOf(request), request.params.id, request.body),
  );
  contractRoute(app, routes.reissue, async (request) => service.reissue(principalOf(request), request.params.id));
}
