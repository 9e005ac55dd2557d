/**
 * Writes go through RTK Query mutations, declared on each remote's injected endpoints with the tags they
 * invalidate and the cached lists they patch at once. Sagas start them with `runMutation` and keep only
 * the orchestration around them (bus events, analytics, toasts).
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';

/** What `endpoint.initiate(arg)` answers once dispatched. */
interface StartedMutation<T> {
  unwrap(): Promise<T>;
}

/** A mutation's start: `api.endpoints.<name>.initiate(arg)`. */
// biome-ignore lint/suspicious/noExplicitAny: the thunk's dispatch and state types belong to the host store
type MutationThunk<T> = (dispatch: any, getState: any, extra: any) => StartedMutation<T>;

/**
 * Options for a mutation started by a saga: it is not kept in the store (nothing renders its state),
 * while its tags and its `onQueryStarted` patches still apply.
 */
export const SAGA_MUTATION = { track: false } as const;

/**
 * Dispatches the mutation and answers its data; a refusal is thrown as the endpoint's `ApiError`
 * (`{ status, data, message }`), which `errorMessage` reads.
 */
export function* runMutation<T>(thunk: MutationThunk<T>): Generator<unknown, T, unknown> {
  const started = (yield put(thunk as unknown as UnknownAction)) as StartedMutation<T>;
  return (yield call([started, started.unwrap])) as T;
}

/**
 * The per-endpoint `extraOptions` of a write sent once: the transport already retries a request that got
 * no answer or a 502/503/504, and a write refused otherwise is not sent again.
 */
export const SEND_ONCE = { retryCondition: () => false } as const;
