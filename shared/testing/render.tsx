/** Renders a remote's screen or panel as the shell would: under the page's store and a router. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { remoteTestStore } from './remote-store';

function LocationProbe({ seen }: { seen: { href: string } }) {
  const location = useLocation();
  seen.href = `${location.pathname}${location.search}`;
  return null;
}

/** Renders `ui` at `path` (matched by `route`) under `store`; `href()` answers where the page is now. */
export function renderRemote(
  ui: ReactElement,
  store: ReturnType<typeof remoteTestStore>,
  options: { path?: string; route?: string } = {},
) {
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
