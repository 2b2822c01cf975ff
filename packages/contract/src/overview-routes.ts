import { authErrors, ErrorBody } from './common.ts';
import { BusinessOverview, BusinessRanking, RankingQuery } from './overview.ts';
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
  ranking: defineRoute({
    method: 'GET',
    path: '/api/business/ranking',
    summary:
      'The agents, sites and machines that sold most today, this week or this month, within the caller’s data scope',
    tags: ['orders'],
    permission: [BUSINESS_OVERVIEW_PERMISSION],
    query: RankingQuery,
    replies: { 200: BusinessRanking, 400: ErrorBody, ...authErrors },
  }),
};
