import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AgentBalance,
  WithdrawalPayoutInput,
  WithdrawalRequestInput,
  WithdrawalReviewInput,
} from '@water/contract/withdrawals';
import type { EntityDescriptor } from '@/components/entity-select.tsx';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi, type ListFilters } from '@/lib/call-api.ts';
import { ledgerKeys, withdrawalKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/withdrawals`: the withdrawals within the user's reach, the review queue first. */
export const useWithdrawals = (params: RouteListParams<'GET /api/withdrawals'>) =>
  useQuery(pageQuery('GET /api/withdrawals', withdrawalKeys.list(params), params));

/** `GET api/withdrawals/totals`: the count and sums of every withdrawal the list's filters match. */
export const useWithdrawalTotals = (filters: ListFilters<'GET /api/withdrawals/totals'>) =>
  useQuery({
    queryKey: withdrawalKeys.totals(filters),
    queryFn: () => callApi('GET /api/withdrawals/totals', { query: filters }),
    placeholderData: keepPreviousData,
  });

/** `GET api/withdrawals/{id}`: one withdrawal with its timeline (one out of reach: the drawer says so). */
export const useWithdrawal = (id: number | undefined) =>
  useQuery({
    queryKey: withdrawalKeys.detail(id ?? 0),
    queryFn: () => callApi('GET /api/withdrawals/:id', { params: { id: id ?? 0 } }, { errorNotice: 'network' }),
    enabled: id !== undefined,
  });

/** The agents' balances the user sees at once: their own agent and those beneath it, or every agent. */
const BALANCES_QUERY = { page: 0, size: 1000 };

/** `GET api/withdrawals/balances`: the agents within the user's reach with their money, the most to withdraw first. */
export const useBalances = (enabled = true) =>
  useQuery({
    queryKey: withdrawalKeys.balances(BALANCES_QUERY),
    queryFn: () => callApi('GET /api/withdrawals/balances', { query: BALANCES_QUERY }),
    enabled,
  });

/** `GET api/withdrawals/terms`: a withdrawal's minimum and fee. */
export const useWithdrawalTerms = () =>
  useQuery({ queryKey: withdrawalKeys.terms(), queryFn: () => callApi('GET /api/withdrawals/terms') });

/** The agents whose withdrawals the user sees, for the list's filter. */
export const WITHDRAWAL_AGENTS: EntityDescriptor<AgentBalance> = {
  useEntities: (enabled) => {
    const query = useBalances(enabled);
    return { data: query.data?.content, isPending: query.isPending };
  },
  valueOf: (agent) => agent.agentId,
  labelOf: (agent) => agent.agentName,
};

const requestWithdrawal = (input: WithdrawalRequestInput) =>
  callApi('POST /api/withdrawals', { body: input }, { errorNotice: 'network' });

const reviewWithdrawal = ({ id, input }: { id: number; input: WithdrawalReviewInput }) =>
  callApi('PUT /api/withdrawals/:id/review', { params: { id }, body: input }, { errorNotice: 'network' });

const payOutWithdrawal = ({ id, input }: { id: number; input: WithdrawalPayoutInput }) =>
  callApi('PUT /api/withdrawals/:id/payout', { params: { id }, body: input }, { errorNotice: 'network' });

export const useRequestWithdrawal = () =>
  useInvalidatingMutation(requestWithdrawal, [withdrawalKeys.all, ledgerKeys.all]);
export const useReviewWithdrawal = () =>
  useInvalidatingMutation(reviewWithdrawal, [withdrawalKeys.all, ledgerKeys.all]);
export const usePayOutWithdrawal = () =>
  useInvalidatingMutation(payOutWithdrawal, [withdrawalKeys.all, ledgerKeys.all]);
