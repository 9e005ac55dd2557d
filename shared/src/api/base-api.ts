/**
 * The one RTK Query API of the page. Remotes add their endpoints with `baseApi.injectEndpoints`; the
 * defaults follow product.md#requests: data kept 60 min, no refetch on focus or mount, refetch on reconnect.
 */
import { type BaseQueryFn, createApi, retry } from '@reduxjs/toolkit/query/react';
import type { AxiosError, AxiosRequestConfig } from 'axios';
import { QUERY_KEEP_TIME_MS } from '../constants';
import { apiClient } from '../http/api-client';
import { queryBackoff, queryRetryCondition } from '../http/query-retry';

export interface ApiError {
  status: number;
  message: string;
  data?: unknown;
}

export interface ApiRequest {
  url: string;
  method?: AxiosRequestConfig['method'];
  body?: unknown;
  params?: AxiosRequestConfig['params'];
}

/** The message a server answer carries, or a polite generic one. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown })?.data;
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['message', 'detail', 'error']) {
      if (typeof record[key] === 'string' && record[key]) return record[key] as string;
    }
  }
  return fallback;
}

const axiosBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (request) => {
  try {
    const response = await apiClient().request({
      url: request.url,
      method: request.method ?? 'GET',
      data: request.body,
      params: request.params,
    });
    // An empty answer (204) is still an answer: RTK Query takes `undefined` data for a failure.
    return { data: response.data ?? null };
  } catch (caught) {
    const error = caught as AxiosError;
    const status = error.response?.status ?? 0;
    const result = {
      error: {
        status,
        data: error.response?.data,
        message: errorMessage(error.response, error.message || 'The request failed'),
      },
    };
    // Not found is an answer, not a failure worth retrying (product.md#requests).
    if (status === 404 || (status >= 400 && status < 500)) retry.fail(result.error);
    return result;
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: retry(axiosBaseQuery, { retryCondition: queryRetryCondition, backoff: queryBackoff }),
  keepUnusedDataFor: QUERY_KEEP_TIME_MS / 1000,
  refetchOnFocus: false,
  refetchOnMountOrArgChange: false,
  refetchOnReconnect: true,
  tagTypes: [
    'Series',
    'Episode',
    'MyList',
    'ContinueWatching',
    'History',
    'Balance',
    'Subscription',
    'PaymentMethod',
    'Transaction',
    'Profile',
    'Rewards',
    'Admin',
    'AutoUnlock',
  ],
  endpoints: () => ({}),
});

export type BaseApi = typeof baseApi;

/**
 * A remote's endpoints replace the ones of the same name: a newer version of a remote, loaded on the
 * next mount of its screen, injects its own definitions at import, and they must win over the older
 * version's (each remote prefixes its endpoint names, so remotes never replace each other's).
 */
const injectOnce = baseApi.injectEndpoints.bind(baseApi);
baseApi.injectEndpoints = ((options: Parameters<typeof injectOnce>[0]) =>
  injectOnce({ ...options, overrideExisting: options.overrideExisting ?? true })) as unknown as typeof injectOnce;
