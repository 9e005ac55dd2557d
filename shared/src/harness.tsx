/**
 * The standalone harness a remote's team runs with `npm run dev -w mf-<name>`: its own store and
 * router, the remote registered exactly as the shell would, and links to each of its screens. Imported
 * only by the remotes' `bootstrap.tsx`, never by the shell.
 */
import { type ComponentType, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { signedIn } from './bus/events';
import type { AnyRemoteModule } from './remote-module';
import { SCREENS, type ScreenKey, screensOf } from './routes';
import { sessionReducer } from './session/session.slice';
import { readStored } from './storage/local-storage';
import { readAccessToken } from './storage/tokens';
import { createHostStore, registerModule } from './store/host-store';
import { FullScreenSpinner } from './ui/components';

export function renderStandalone(module: AnyRemoteModule, container = document.getElementById('root')) {
  if (!container) throw new Error('The harness page needs a #root element');
  const store = createHostStore({ reducers: { session: sessionReducer } });
  const user = readStored('user');
  if (user && readAccessToken()) store.dispatch(signedIn({ user }));
  registerModule(store, module);
  const keys = screensOf(module.id);
  const screens = module.screens as Partial<Record<ScreenKey, ComponentType>>;
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <nav aria-label="Harness" style={{ display: 'flex', gap: 12, flexWrap: 'wrap', padding: 8, fontSize: 14 }}>
            <strong>mf-{module.id} standalone</strong>
            {keys.map((key) => (
              <Link key={key} to={SCREENS[key].paths[0].replace(/\/\*$/, '').replace(/:(\w+)/g, '1')}>
                {key}
              </Link>
            ))}
          </nav>
          <Suspense fallback={<FullScreenSpinner />}>
            <Routes>
              {keys.flatMap((key) => {
                const Screen = screens[key];
                return Screen
                  ? SCREENS[key].paths.map((path) => <Route key={`${key}${path}`} path={path} element={<Screen />} />)
                  : [];
              })}
            </Routes>
          </Suspense>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
  return store;
}
