import type { PageOf } from '@water/contract/common';
import type { AxiosRequestConfig } from 'axios';
import { apiClient } from '@/lib/api-client.ts';
import type { ListParams } from './list-params.ts';

/** Repeatable parameters go as `sort=a&sort=b`, the form the server (and eladmin) reads. */
export const REPEATED_PARAMS: AxiosRequestConfig['paramsSerializer'] = { indexes: null };

/** One page of a list call; `params` come from the list state (`toListParams`). */
export async function fetchPage<T>(url: string, params: ListParams, config: AxiosRequestConfig = {}) {
  const { data } = await apiClient.get<PageOf<T>>(url, { ...config, params, paramsSerializer: REPEATED_PARAMS });
  return data;
}
