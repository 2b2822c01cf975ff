import { useQuery } from '@tanstack/react-query';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { ledgerKeys } from '@/lib/query-keys.ts';

/** `GET api/ledger/accounts`: the ledger's accounts with their balances and versions. */
export const useLedgerAccounts = (params: RouteListParams<'GET /api/ledger/accounts'>) =>
  useQuery(pageQuery('GET /api/ledger/accounts', ledgerKeys.accounts(params), params));
