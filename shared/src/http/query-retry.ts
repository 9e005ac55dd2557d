/**
 * The data-fetching retry policy (§7): queries retry 3 times and mutations twice, waiting 1 s and
 * doubling up to 30 s; a 404 is an answer and is never retried. Pure functions, shaped for RTK Query's
 * `retry(baseQuery, { retryCondition: queryRetryCondition, backoff: queryBackoff })`.
 */
import { MUTATION_RETRIES, QUERY_RETRIES, QUERY_RETRY_BASE_MS, QUERY_RETRY_CAP_MS } from '../constants';

/** The wait before retry number `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), QUERY_RETRY_CAP_MS);
}

export type OperationKind = 'query' | 'mutation';

/** Whether a failure may be retried, given how many retries were already made. */
export function shouldRetry(retriesSoFar: number, status: number | undefined, kind: OperationKind): boolean {
  if (status === 404) return false;
  return retriesSoFar < (kind === 'mutation' ? MUTATION_RETRIES : QUERY_RETRIES);
}

/**
 * RTK Query's retry condition: `attempt` counts the failures so far (1 after the first one), and
 * `baseQueryApi.type` tells a query from a mutation.
 */
export function queryRetryCondition(
  error: unknown,
  _args: unknown,
  { attempt, baseQueryApi }: { attempt: number; baseQueryApi: { type: OperationKind } },
): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return shouldRetry(attempt - 1, typeof status === 'number' ? status : undefined, baseQueryApi.type);
}

/** RTK Query's back-off: waits `queryRetryDelay(attempt)` (its `attempt` is 1-based, per retry). */
export function queryBackoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, queryRetryDelay(attempt)));
}
