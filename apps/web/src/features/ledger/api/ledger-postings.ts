import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { ledgerKeys } from '@/lib/query-keys.ts';

/** `GET api/ledger/postings`: the postings of a span of days, each with its entries. */
export const useLedgerPostings = (params: RouteListParams<'GET /api/ledger/postings'>) =>
  useQuery(pageQuery('GET /api/ledger/postings', ledgerKeys.postings(params), params));
