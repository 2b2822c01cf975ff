import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CardBatchInput, CardLimitsInput, CardStateInput, CardTopUpInput } from '@water/contract/cards';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { cardKeys, memberKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** `GET api/cards`: the water cards of the agents in the user's reach. */
export const useCards = (params: RouteListParams<'GET /api/cards'>) =>
  useQuery(pageQuery('GET /api/cards', cardKeys.list(params), params));

/** `GET api/cards/:id/movements`: a card's history, newest first. */
export const useCardMovements = (id: number | undefined, params: RouteListParams<'GET /api/cards/:id/movements'>) =>
  useQuery({
    queryKey: cardKeys.movements(id ?? 0, params),
    queryFn: () => callApi('GET /api/cards/:id/movements', { params: { id: id ?? 0 }, query: params }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });

/** `GET api/cards/:id`: one card. */
export const useCard = (id: number | undefined) =>
  useQuery({
    queryKey: cardKeys.card(id ?? 0),
    queryFn: () => callApi('GET /api/cards/:id', { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });

/** `GET api/cards/liabilities`: what each agent owes its cardholders. */
export const useLiabilities = (params: RouteListParams<'GET /api/cards/liabilities'>) =>
  useQuery(pageQuery('GET /api/cards/liabilities', cardKeys.liabilities(params), params));

/** `GET api/cards/rules`: the top-up bonuses, the reserve share and the caps in force. */
export const useCardRules = (enabled = true) =>
  useQuery({ queryKey: cardKeys.rules(), queryFn: () => callApi('GET /api/cards/rules'), enabled, staleTime: 60_000 });

const issue = (input: CardBatchInput) =>
  callApi('POST /api/cards/batches', { body: input }, { errorNotice: 'network' });
const topUp = ({ id, ...input }: CardTopUpInput & { id: number }) =>
  callApi('POST /api/cards/:id/top-ups', { params: { id }, body: input }, { errorNotice: 'network' });
const setState = ({ id, ...input }: CardStateInput & { id: number }) =>
  callApi('PUT /api/cards/:id/state', { params: { id }, body: input });
const setLimits = ({ id, ...input }: CardLimitsInput & { id: number }) =>
  callApi('PUT /api/cards/:id/limits', { params: { id }, body: input }, { errorNotice: 'network' });
const reissue = (id: number) => callApi('POST /api/cards/:id/reissue', { params: { id } });

export const useIssueCards = () => useInvalidatingMutation(issue, [cardKeys.all, memberKeys.all]);
export const useTopUp = () => useInvalidatingMutation(topUp, [cardKeys.all]);
export const useSetCardState = () => useInvalidatingMutation(setState, [cardKeys.all]);
export const useSetCardLimits = () => useInvalidatingMutation(setLimits, [cardKeys.all]);
export const useReissueCard = () => useInvalidatingMutation(reissue, [cardKeys.all]);
