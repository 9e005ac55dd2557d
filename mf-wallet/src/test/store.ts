import { createHostStore, registerModule, sessionReducer, signedIn, type User } from '@cliffhanger/shared';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import walletModule from '../module';

export const viewer = (extra: Partial<User> = {}): User => ({
  id: 7,
  email: 'ana@example.com',
  username: 'ana',
  first_name: 'Ana',
  last_name: '',
  is_guest: false,
  is_premium: false,
  is_gold_member: false,
  is_staff: false,
  is_superuser: false,
  coin_balance: 40,
  subscription: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

/** A host store as the shell builds it, with the wallet registered and a viewer signed in. */
export function walletStore(options: { user?: User | null; record?: UnknownAction[] } = {}) {
  const record: Middleware = () => (next) => (action) => {
    if (typeof action === 'object' && action && 'type' in action) options.record?.push(action as UnknownAction);
    return next(action);
  };
  const store = createHostStore({ reducers: { session: sessionReducer }, middleware: [record] });
  const user = options.user === undefined ? viewer() : options.user;
  if (user) store.dispatch(signedIn({ user }));
  registerModule(store, walletModule);
  return store;
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function settle(times = 4) {
  for (let i = 0; i < times; i++) await flush();
}

export const typesOf = (actions: UnknownAction[]) => actions.map((a) => a.type);
