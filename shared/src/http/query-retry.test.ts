import { configureStore } from '@reduxjs/toolkit';
import { mockHttp } from '../../testing/http-mock';
import { baseApi } from '../api/base-api';
import { MAX_RETRIES, RETRY_STATUSES } from '../constants';
import { queryBackoff, queryRetryCondition, queryRetryDelay, shouldRetry } from './query-retry';

const condition = (attempt: number, status: number, type: 'query' | 'mutation' = 'query') =>
  queryRetryCondition({ status }, undefined, { attempt, baseQueryApi: { type } });

describe('the data-fetching retry policy', () => {
  it('waits 1 s, doubling, capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(queryRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('retries a query 3 times', () => {
    expect([1, 2, 3, 4].map((attempt) => condition(attempt, 500))).toEqual([true, true, true, false]);
  });

  it('never retries a 404', () => {
    expect(condition(1, 404)).toBe(false);
    expect(shouldRetry(0, 404, 'mutation')).toBe(false);
  });

  it('retries a mutation twice', () => {
    expect([1, 2, 3].map((attempt) => condition(attempt, 500, 'mutation'))).toEqual([true, true, false]);
  });

  it('does not retry again what the transport already retried: no answer in time, 502, 503, 504', () => {
    for (const status of [0, ...RETRY_STATUSES]) {
      expect(condition(1, status)).toBe(false);
      expect(condition(1, status, 'mutation')).toBe(false);
    }
  });

  it('waits the policy’s delay between retries', async () => {
    jest.useFakeTimers();
    const done = jest.fn();
    void queryBackoff(3).then(done);
    await jest.advanceTimersByTimeAsync(3_999);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
    jest.useRealTimers();
  });
});

describe('a query through the shared transport', () => {
  const probeApi = baseApi.injectEndpoints({
    endpoints: (build) => ({
      retryProbe: build.query<unknown, string>({ query: (id) => ({ url: `/retry-probe/${id}/` }) }),
    }),
  });

  /** Runs the probe query against an API answering `status`; answers when each request arrived. */
  async function probe(id: string, status: number) {
    const arrivals: number[] = [];
    const http = mockHttp(() => {
      arrivals.push(Date.now());
      return { status, data: { message: 'upstream trouble' } };
    });
    const store = configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (getDefault) => getDefault().concat(baseApi.middleware),
    });
    try {
      const result = store.dispatch(probeApi.endpoints.retryProbe.initiate(id));
      await jest.advanceTimersByTimeAsync(120_000);
      const answer = await result;
      result.unsubscribe();
      const gaps = arrivals.slice(1).map((time, i) => time - arrivals[i]);
      return { error: answer.error as { status?: number } | undefined, gaps, requests: arrivals.length };
    } finally {
      http.restore();
    }
  }

  // One fake clock for every probe: the tab's transport remembers an API's troubles in time, which must
  // not run backwards between tests (each probe leaves two quiet minutes, after which they are forgotten).
  beforeAll(() => jest.useFakeTimers());
  afterAll(() => jest.useRealTimers());

  it.each(RETRY_STATUSES)(
    'reports an API answering %i after the transport’s 3 retries, 1 s × the attempt apart, and no more',
    async (status) => {
      const { error, gaps, requests } = await probe(`down-${status}`, status);
      expect(error?.status).toBe(status);
      expect(requests).toBe(1 + MAX_RETRIES);
      expect(gaps).toEqual([1_000, 2_000, 3_000]);
    },
  );

  it('retries a 500, which the transport passes on, 3 times at 1 s, 2 s and 4 s', async () => {
    const { error, gaps, requests } = await probe('broken', 500);
    expect(error?.status).toBe(500);
    expect(requests).toBe(4);
    expect(gaps).toEqual([1_000, 2_000, 4_000]);
  });
});
