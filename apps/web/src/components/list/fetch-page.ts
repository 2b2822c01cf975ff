import { type ApiCallConfig, type ApiQuery, type ApiReply, type PageRouteKey, sendRequest } from '@/lib/call-api.ts';

/** One page of a list route; `query` comes from the list state (`toListParams`). */
export async function fetchPage<K extends PageRouteKey>(
  key: K,
  query: ApiQuery<K>,
  config?: ApiCallConfig,
): Promise<ApiReply<K>> {
  // The route is a type parameter here, so its input is checked by the caller's `query`.
  const { data } = await sendRequest(key, { query: query as object }, config);
  return data;
}
