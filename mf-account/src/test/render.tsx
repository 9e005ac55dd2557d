import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { accountStore } from './store';

function LocationProbe({ seen }: { seen: { href: string } }) {
  const location = useLocation();
  seen.href = `${location.pathname}${location.search}`;
  return null;
}

/** Renders an account screen at `path` under the page's store; `href()` answers where it is now. */
export function renderAccount(
  ui: ReactElement,
  options: { path?: string; route?: string; store?: ReturnType<typeof accountStore> } = {},
) {
  const store = options.store ?? accountStore();
  const path = options.path ?? '/';
  const seen = { href: path };
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path={options.route ?? '*'} element={ui} />
        </Routes>
        <LocationProbe seen={seen} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, href: () => seen.href };
}
