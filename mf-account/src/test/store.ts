import { createHostStore, registerModule, sessionReducer, signedIn, type User } from '@cliffhanger/shared';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import accountModule from '../module';

export const member = (extra: Partial<User> = {}): User => ({
  id: 11,
  email: 'mia@example.com',
  username: 'mia',
  first_name: 'Mia',
  last_name: 'Stone',
  is_guest: false,
  is_premium: false,
  is_gold_member: false,
  is_staff: false,
  is_superuser: false,
  coin_balance: 120,
  subscription: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

export const guest = (): User => member({ id: 5, email: '', username: 'guest_5', is_guest: true, coin_balance: 20 });

/** A host store as the shell builds it, with the account remote registered. */
export function accountStore(options: { user?: User | null; record?: UnknownAction[] } = {}) {
  const record: Middleware = () => (next) => (action) => {
    if (typeof action === 'object' && action && 'type' in action) options.record?.push(action as UnknownAction);
    return next(action);
  };
  const store = createHostStore({ reducers: { session: sessionReducer }, middleware: [record] });
  const user = options.user === undefined ? member() : options.user;
  if (user) store.dispatch(signedIn({ user }));
  registerModule(store, accountModule);
  return store;
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
export async function settle(times = 4) {
  for (let i = 0; i < times; i++) await flush();
}

export function payloadsOf<T = unknown>(actions: UnknownAction[], type: string): T[] {
  return actions.filter((a) => a.type === type).map((a) => (a as unknown as { payload: T }).payload);
}
