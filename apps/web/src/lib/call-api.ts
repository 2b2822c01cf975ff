import type { ApiRouteKey, ApiRoutes } from '@water/contract/api-routes';
import type { FileBody, FiltersOf, RouteBody, RouteParams, RouteQuery, RouteReply } from '@water/contract/route';
import { fillPath, type PathValue, splitRouteKey } from '@water/contract/route-path';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { apiClient } from './api-client.ts';

// Types only: the declarations (and their TypeBox schemas) stay out of the bundle.
export type { ApiRouteKey };

type Route<K extends ApiRouteKey> = ApiRoutes[K];

export type ApiParams<K extends ApiRouteKey> = RouteParams<Route<K>>;
export type ApiQuery<K extends ApiRouteKey> = RouteQuery<Route<K>>;
/** An upload sends its file as multipart form data. */
export type ApiBody<K extends ApiRouteKey> = Route<K> extends { upload: string } ? FormData : RouteBody<Route<K>>;
/** The body of the route's successful answer; a file arrives as a Blob (see downloadApi). */
export type ApiReply<K extends ApiRouteKey> = RouteReply<Route<K>> extends FileBody ? Blob : RouteReply<Route<K>>;
/** A list's filters: its query without page, size and sort. */
export type ListFilters<K extends ApiRouteKey> = FiltersOf<ApiQuery<K>>;

/** One part of a call's input: absent when the route takes none, optional when none of it is required. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [P in Name]?: never }
  : Partial<T> extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

/** What a call sends: `params` fill the path, `query` the query string, `body` the JSON (or multipart) body. */
export type ApiInput<K extends ApiRouteKey> = Part<'params', ApiParams<K>> &
  Part<'query', ApiQuery<K>> &
  Part<'body', ApiBody<K>>;

/** Axios's options for one call (timeout, errorNotice, upload progress…); the route gives the rest. */
export type ApiCallConfig = Omit<AxiosRequestConfig, 'url' | 'method' | 'baseURL' | 'params' | 'data'>;

type CallArgs<K extends ApiRouteKey> =
  Partial<ApiInput<K>> extends ApiInput<K>
    ? [input?: ApiInput<K>, config?: ApiCallConfig]
    : [input: ApiInput<K>, config?: ApiCallConfig];

/** The routes that answer a file. */
export type FileRouteKey = {
  [K in ApiRouteKey]: RouteReply<Route<K>> extends FileBody ? K : never;
}[ApiRouteKey];

/** The reads that answer a page of a list (`{ content, totalElements }`). */
export type PageRouteKey = {
  [K in ApiRouteKey]: K extends `GET ${string}`
    ? RouteReply<Route<K>> extends { content: unknown[]; totalElements: number }
      ? K
      : never
    : never;
}[ApiRouteKey];

/** The deletes that take the ids of the rows as their body. */
export type DeleteByIdsKey = {
  [K in ApiRouteKey]: K extends `DELETE ${string}` ? (RouteBody<Route<K>> extends number[] ? K : never) : never;
}[ApiRouteKey];

/** An input the helpers of generic lists build (their route's query is a type parameter there). */
export interface UncheckedInput {
  params?: Readonly<Record<string, PathValue>>;
  query?: object;
  body?: unknown;
}

/**
 * The request of a route: its path filled from `params` (relative, as the client's baseURL is
 * `/`), `query` sent with repeated keys for arrays. Typed callers use callApi or requestApi.
 */
export function sendRequest(key: ApiRouteKey, input: UncheckedInput = {}, config?: ApiCallConfig) {
  const { method, path } = splitRouteKey(key);
  const url = fillPath(path, input.params).slice(1);
  const options: AxiosRequestConfig | undefined =
    input.query === undefined ? config : { ...config, params: input.query };
  switch (method) {
    case 'GET':
      return options ? apiClient.get(url, options) : apiClient.get(url);
    case 'DELETE': {
      const withBody = input.body === undefined ? options : { ...options, data: input.body };
      return withBody ? apiClient.delete(url, withBody) : apiClient.delete(url);
    }
    case 'POST':
      return options ? apiClient.post(url, input.body, options) : apiClient.post(url, input.body);
    case 'PUT':
      return options ? apiClient.put(url, input.body, options) : apiClient.put(url, input.body);
    default:
      throw new Error(`No such method: ${key}`);
  }
}

/** Calls a declared route and resolves to the whole response (headers included). */
export async function requestApi<K extends ApiRouteKey>(
  key: K,
  ...[input, config]: CallArgs<K>
): Promise<AxiosResponse<ApiReply<K>>> {
  return sendRequest(key, input as UncheckedInput | undefined, config);
}

/**
 * Calls a declared route (`'GET /api/orders/:orderNo'`) with its params, query and body as the
 * contract types them, and resolves to the body of its successful answer; a failure rejects with
 * an ApiError, reported as `config.errorNotice` says.
 */
export async function callApi<K extends ApiRouteKey>(key: K, ...args: CallArgs<K>): Promise<ApiReply<K>> {
  return (await requestApi(key, ...args)).data;
}

/** Downloads a file answer: its bytes and the `Content-Disposition` header that names it. */
export async function downloadApi<K extends FileRouteKey>(
  key: K,
  ...[input, config]: CallArgs<K>
): Promise<{ data: Blob; disposition: string | undefined }> {
  const response = await sendRequest(key, input as UncheckedInput | undefined, { ...config, responseType: 'blob' });
  return { data: response.data as Blob, disposition: response.headers['content-disposition'] as string | undefined };
}
