/**
 * A host store as the shell builds it, with one remote registered and somebody (or nobody) signed in,
 * and the people the remotes' tests sign in. One set-up for every remote's tests; each remote's
 * `src/test/store.ts` only names its module and its usual person.
 */

import {
  type AnyRemoteModule,
  createHostStore,
  registerModule,
  sessionReducer,
  signedIn,
  type User,
} from '@cliffhanger/shared';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/** A registered viewer with no coins, no Gold and no staff rights; `extra` says what differs. */
export const testUser = (extra: Partial<User> = {}): User => ({
  id: 1,
  email: 'viewer@example.com',
  username: 'viewer',
  first_name: '',
  last_name: '',
  is_guest: false,
  is_premium: false,
  is_gold_member: false,
  is_staff: false,
  is_superuser: false,
  coin_balance: 0,
  subscription: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

export const guest: User = testUser({ id: 5, email: '', username: 'guest', is_guest: true, coin_balance: 20 });

export interface TestStoreOptions {
  /** Who is signed in (null: nobody); a guest unless said. */
  user?: User | null;
  /** Sees each action the store is sent, in order. */
  onAction?(action: UnknownAction): void;
}

export function remoteTestStore(module: AnyRemoteModule, { user = guest, onAction }: TestStoreOptions = {}) {
  const record: Middleware = () => (next) => (action) => {
    if (typeof action === 'object' && action && 'type' in action) onAction?.(action as UnknownAction);
    return next(action);
  };
  const store = createHostStore({ reducers: { session: sessionReducer }, middleware: [record] });
  if (user) store.dispatch(signedIn({ user }));
  registerModule(store, module);
  return store;
}

/** Lets the promises and timers already due run (a saga's next step, a query's answer). */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
export async function settle(times = 4) {
  for (let i = 0; i < times; i++) await flush();
}

export const typesOf = (actions: UnknownAction[]) => actions.map((a) => a.type);
export function payloadsOf<T = unknown>(actions: UnknownAction[], type: string): T[] {
  return actions.filter((a) => a.type === type).map((a) => (a as UnknownAction & { payload: T }).payload);
}
