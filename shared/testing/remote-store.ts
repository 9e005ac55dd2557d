/** A host store as the shell builds it, with one remote registered and (by default) a guest signed in. */

import {
  type AnyRemoteModule,
  createHostStore,
  registerModule,
  sessionReducer,
  signedIn,
  type User,
} from '@cliffhanger/shared';
import type { Middleware } from '@reduxjs/toolkit';

export const guest: User = {
  id: 5,
  email: '',
  username: 'guest',
  first_name: '',
  last_name: '',
  is_guest: true,
  is_premium: false,
  is_gold_member: false,
  is_staff: false,
  is_superuser: false,
  coin_balance: 20,
  subscription: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

export function remoteTestStore(module: AnyRemoteModule, options: { signedIn?: boolean; record?: string[] } = {}) {
  const record: Middleware = () => (next) => (action) => {
    options.record?.push((action as { type?: string }).type ?? '');
    return next(action);
  };
  const store = createHostStore({ reducers: { session: sessionReducer }, middleware: [record] });
  if (options.signedIn !== false) store.dispatch(signedIn({ user: guest }));
  registerModule(store, module);
  return store;
}
