/** Renders a staff screen as the shell would: a host store with this remote registered and staff signed in. */
import { createHostStore, registerModule, sessionReducer, signedIn, type User } from '@cliffhanger/shared';
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import adminModule from '../module';

export const staffMember = (extra: Partial<User> = {}): User => ({
  id: 2,
  email: 'editor@example.com',
  username: 'editor',
  first_name: 'Eda',
  last_name: 'Tor',
  is_guest: false,
  is_premium: false,
  is_gold_member: false,
  is_staff: true,
  is_superuser: false,
  coin_balance: 0,
  subscription: null,
  created_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

export function adminStore(options: { user?: User; record?: UnknownAction[] } = {}) {
  const record: Middleware = () => (next) => (action) => {
    if (typeof action === 'object' && action && 'type' in action) options.record?.push(action as UnknownAction);
    return next(action);
  };
  const store = createHostStore({ reducers: { session: sessionReducer }, middleware: [record] });
  store.dispatch(signedIn({ user: options.user ?? staffMember() }));
  registerModule(store, adminModule);
  return store;
}

/** Renders `ui` at `path` (matched by `route`) under a fresh admin store. */
export function renderAdmin(
  ui: ReactElement,
  options: { path?: string; route?: string; record?: UnknownAction[]; user?: User } = {},
) {
  const store = adminStore({ record: options.record, user: options.user });
  const view = render(
    <Provider store={store}>
      <MemoryRouter
        initialEntries={[options.path ?? '/']}
        future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      >
        <Routes>
          <Route path={options.route ?? '*'} element={ui} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store };
}
