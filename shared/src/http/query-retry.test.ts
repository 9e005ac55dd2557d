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
    expect([1, 2, 3].map((attempt) => condition(attempt, 503, 'mutation'))).toEqual([true, true, false]);
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
