/**
 * The data-fetching retry policy (product.md#requests): queries retry 3 times and mutations twice, waiting 1 s and
 * doubling up to 30 s; a 404 is an answer and is never retried. Pure functions, shaped for RTK Query's
 * `retry(baseQuery, { retryCondition: queryRetryCondition, backoff: queryBackoff })`.
 *
 * Every request of that base query goes through the shared transport, which has already retried a
 * request that got no answer in time or a 502, 503 or 504 up to 3 times, 1 s × the attempt apart (product.md#requests).
 * Such a failure reaches this policy only once those retries are spent, so it is not retried again here:
 * each failure is retried by one layer, and a dead API is reported after the transport's ≈6 s instead
 * of 4 × 4 attempts and half a minute.
 */
import { MUTATION_RETRIES, QUERY_RETRIES, QUERY_RETRY_BASE_MS, QUERY_RETRY_CAP_MS, RETRY_STATUSES } from '../constants';

/** The wait before retry number `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), QUERY_RETRY_CAP_MS);
}

export type OperationKind = 'query' | 'mutation';

/**
 * Whether a failure with this status was already retried by the transport: no answer (status 0, a
 * time-out; a cancelled request is not worth a retry either) or 502, 503, 504.
 */
export function retriedByTransport(status: number | undefined): boolean {
  return status === 0 || (RETRY_STATUSES as readonly number[]).includes(status ?? -1);
}

/** Whether a failure may be retried, given how many retries were already made. */
export function shouldRetry(retriesSoFar: number, status: number | undefined, kind: OperationKind): boolean {
  if (status === 404 || retriedByTransport(status)) return false;
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
