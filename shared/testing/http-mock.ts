/**
 * Answers the shared axios client's requests from a table, at the adapter level (no network). One
 * helper for every remote's tests; it lives outside src so it never reaches a bundle.
 */
import { apiClient, resetTransportPolicy } from '@cliffhanger/shared';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';

export type Answer = { status: number; data?: unknown };
/** Answers a request (or undefined for 404); may wait, and may throw to act as a network failure. */
export type Route = (config: InternalAxiosRequestConfig) => Answer | undefined | Promise<Answer | undefined>;

export interface HttpMock {
  calls: Array<{ method: string; url: string; params?: unknown; data?: unknown }>;
  restore(): void;
}

export function mockHttp(route: Route): HttpMock {
  // Each test is a page of its own: a budget spent and troubles met by the tests before do not carry over.
  resetTransportPolicy();
  const client = apiClient();
  const original = client.defaults.adapter;
  const calls: HttpMock['calls'] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({ method, url: config.url ?? '', params: config.params, data: config.data });
    const answer = (await route(config)) ?? { status: 404, data: { message: 'Not found' } };
    const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
    if (answer.status >= 400) {
      const error = Object.assign(new Error(`Request failed with status code ${answer.status}`), {
        isAxiosError: true,
        response,
        config,
      });
      throw error;
    }
    return response;
  };
  client.defaults.adapter = adapter;
  return {
    calls,
    restore() {
      client.defaults.adapter = original;
    },
  };
}
