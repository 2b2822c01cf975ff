import { useQuery } from '@tanstack/react-query';
import type { NotifyChannelInput, NotifyRuleInput } from '@water/contract/notifications';
import type { RouteListParams } from '@/components/list/list-params.ts';
import { pageQuery } from '@/components/list/page-query.ts';
import { callApi } from '@/lib/call-api.ts';
import { notificationKeys } from '@/lib/query-keys.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** How often the delivery log looks again while shown (messages go out in the background). */
const LOG_REFRESH_MS = 5000;

/** `GET api/notifications/channels`. */
export const useChannels = (params: RouteListParams<'GET /api/notifications/channels'>) =>
  useQuery(pageQuery('GET /api/notifications/channels', notificationKeys.channels(params), params));

/** Every channel, for a rule's choice. */
export const useAllChannels = (enabled: boolean) =>
  useQuery({
    queryKey: notificationKeys.channels({ all: true }),
    queryFn: async () => (await callApi('GET /api/notifications/channels', { query: { page: 0, size: 1000 } })).content,
    enabled,
  });

/** `GET api/notifications/rules`. */
export const useRules = (params: RouteListParams<'GET /api/notifications/rules'>) =>
  useQuery(pageQuery('GET /api/notifications/rules', notificationKeys.rules(params), params));

/** `GET api/notifications/deliveries`: the delivery log, newest first, refreshed while shown. */
export const useDeliveries = (params: RouteListParams<'GET /api/notifications/deliveries'>) =>
  useQuery({
    ...pageQuery('GET /api/notifications/deliveries', notificationKeys.deliveries(params), params),
    refetchInterval: LOG_REFRESH_MS,
  });

const saveChannel = ({ id, input }: { id?: number; input: NotifyChannelInput }) =>
  id === undefined
    ? callApi('POST /api/notifications/channels', { body: input })
    : callApi('PUT /api/notifications/channels/:id', { params: { id }, body: input });
const deleteChannel = (id: number) => callApi('DELETE /api/notifications/channels/:id', { params: { id } });
const testChannel = (id: number) => callApi('POST /api/notifications/channels/:id/test', { params: { id } });
const saveRule = ({ id, input }: { id?: number; input: NotifyRuleInput }) =>
  id === undefined
    ? callApi('POST /api/notifications/rules', { body: input })
    : callApi('PUT /api/notifications/rules/:id', { params: { id }, body: input });
const deleteRule = (id: number) => callApi('DELETE /api/notifications/rules/:id', { params: { id } });

export const useSaveChannel = () => useInvalidatingMutation(saveChannel, [notificationKeys.all]);
export const useDeleteChannel = () => useInvalidatingMutation(deleteChannel, [notificationKeys.all]);
export const useTestChannel = () => useInvalidatingMutation(testChannel, [notificationKeys.all]);
export const useSaveRule = () => useInvalidatingMutation(saveRule, [notificationKeys.all]);
export const useDeleteRule = () => useInvalidatingMutation(deleteRule, [notificationKeys.all]);
