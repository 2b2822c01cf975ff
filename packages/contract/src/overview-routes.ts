import { authErrors } from './common.ts';
import { BusinessOverview } from './overview.ts';
import { BUSINESS_OVERVIEW_PERMISSION } from './permissions.ts';
import { defineRoute } from './route.ts';

export const overviewRoutes = {
  business: defineRoute({
    method: 'GET',
    path: '/api/business/overview',
    summary: 'The business home page’s figures within the caller’s data scope, from the roll-ups',
    tags: ['orders'],
    permission: [BUSINESS_OVERVIEW_PERMISSION],
    replies: { 200: BusinessOverview, ...authErrors },
  }),
};
