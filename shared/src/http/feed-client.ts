/**
 * The second client, for the media-feed API (product.md#feed-api): every call is a POST with the
 * token header and a body that carries the signed-in user's id. It is under the same transport policy
 * as the main API (its own gate, the tab's budget, one shared token refresh, the same retries); a failed
 * call raises "API request failed" with the answer's status text (product.md#feed-api), and says how long
 * the API asked to be left alone when it did (`Retry-After`).
 */
import type { AxiosError, AxiosInstance } from 'axios';
import { readStored } from '../storage/local-storage';
import { apiClient, applyTransport, createAuthorizedClient } from './api-client';
import { runtimeConfig } from './config';
import { parseRetryAfter, type TransportPolicy } from './transport-policy';

export const FEED_REQUEST_FAILED_MESSAGE = 'API request failed';

export class FeedRequestError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
    /** The wait a `Retry-After` of the answer asked for. */
    readonly retryAfterMs?: number,
  ) {
    super(`${FEED_REQUEST_FAILED_MESSAGE}: ${statusText}`);
    this.name = 'FeedRequestError';
  }
}

export function createFeedClient(baseURL = runtimeConfig().feedApiBaseUrl, policy?: TransportPolicy): AxiosInstance {
  return applyTransport(createAuthorizedClient(baseURL), {
    gate: 'feed',
    policy,
    answersForFailures: false,
    refresher: apiClient,
  });
}

let shared: AxiosInstance | null = null;

export function feedClient(): AxiosInstance {
  shared ??= createFeedClient();
  return shared;
}

/** POSTs to the feed API with the user's id in the body; `userId` defaults to the stored user's. */
export async function feedRequest<T>(
  path: string,
  body: Record<string, unknown> = {},
  options: { client?: AxiosInstance; userId?: number | string; maxRetries?: number } = {},
): Promise<T> {
  const client = options.client ?? feedClient();
  const id = options.userId ?? readStored('user')?.id;
  try {
    const response = await client.post<T>(path, { ...body, id }, { maxRetries: options.maxRetries });
    return response.data;
  } catch (caught) {
    const error = caught as AxiosError;
    const status = error.response?.status ?? 0;
    const statusText = error.response?.statusText || (status ? String(status) : error.message || 'Network Error');
    throw new FeedRequestError(
      status,
      statusText,
      parseRetryAfter(error.response?.headers?.['retry-after'], Date.now()),
    );
  }
}
