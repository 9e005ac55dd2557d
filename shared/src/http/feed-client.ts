/**
 * The second client, for the media-feed API (product.md#feed-api): every call is a POST with the
 * token header and a body that carries the signed-in user's id. A failed call raises
 * "API request failed" with the answer's status text (product.md#feed-api).
 */
import type { AxiosError, AxiosInstance } from 'axios';
import { readStored } from '../storage/local-storage';
import { createAuthorizedClient } from './api-client';
import { runtimeConfig } from './config';

export const FEED_REQUEST_FAILED_MESSAGE = 'API request failed';

export class FeedRequestError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
  ) {
    super(`${FEED_REQUEST_FAILED_MESSAGE}: ${statusText}`);
    this.name = 'FeedRequestError';
  }
}

export function createFeedClient(baseURL = runtimeConfig().feedApiBaseUrl): AxiosInstance {
  return createAuthorizedClient(baseURL);
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
  options: { client?: AxiosInstance; userId?: number | string } = {},
): Promise<T> {
  const client = options.client ?? feedClient();
  const id = options.userId ?? readStored('user')?.id;
  try {
    const response = await client.post<T>(path, { ...body, id });
    return response.data;
  } catch (caught) {
    const error = caught as AxiosError;
    const status = error.response?.status ?? 0;
    const statusText = error.response?.statusText || (status ? String(status) : error.message || 'Network Error');
    throw new FeedRequestError(status, statusText);
  }
}
