import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { ledgerKeys } from '@/lib/query-keys.ts';

/** `GET api/statements/orders`: the orders behind an agent's statement, a page at a time. */
export const useStatementOrders = (params: RouteListParams<'GET /api/statements/orders'>) =>
  useQuery(pageQuery('GET /api/statements/orders', ledgerKeys.statementOrders(params), params));
