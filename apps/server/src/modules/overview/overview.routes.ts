import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authErrors } from '@water/contract/common';

import { BusinessOverview } from '@water/contract/overview';
import { BUSINESS_OVERVIEW_PERMISSION } from '@water/contract/permissions';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../plugins/auth.ts';
import type { OverviewService } from './overview.service.ts';

export async function overviewRoutes(base: FastifyInstance, { service }: { service: OverviewService }) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/business/overview',
    {
      schema: {
        tags: ['orders'],
        summary: 'The business home page’s figures within the caller’s data scope, from the roll-ups',
        response: { 200: BusinessOverview, ...authErrors },
      },
      config: { permission: [BUSINESS_OVERVIEW_PERMISSION] },
    },
    async (request) => service.overview(principalOf(request)),
  );
}
