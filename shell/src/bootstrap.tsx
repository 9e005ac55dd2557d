/**
 * Starts the shell: reads where the remotes live, registers them with the federation runtime, creates
 * the store, then runs the startup sequence of §4, whose last step renders. The first screen's remote
 * is warmed at once, the others when the browser idles; error reporting, session replay and analytics
 * load only after the first screen is on its way.
 */
import { type REMOTE_IDS, SCREENS } from '@cliffhanger/shared';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { firstScreenShown } from './analytics/analytics.saga';
import { App } from './app/app';
import { createShellStore } from './app/create-shell-store';
import { buildRoutes } from './app/routes';
import { attachStore, configureRemotes, fetchRemotesConfig, prefetchRemote } from './federation/remote-registry';
import { startMonitoring, startReplay } from './monitoring/monitoring';
import { scheduleStartupLoaderRemoval } from './startup/startup-loader';
import { runStartupSequence, startupSteps } from './startup/startup-sequence';
import { storageSyncSaga } from './startup/storage-sync.saga';
import './shell.css';

const whenIdle = (fn: () => void) => (window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1500)))(fn);

function warmRemotes(routes: ReturnType<typeof buildRoutes>) {
  const first = matchRoutes(routes, window.location)?.at(-1);
  const firstRemote = (
    Object.values(SCREENS) as Array<{ remote: (typeof REMOTE_IDS)[number]; paths: readonly string[] }>
  ).find((screen) => screen.paths.includes(first?.route.path ?? ''))?.remote;
  if (firstRemote) prefetchRemote(firstRemote);
  whenIdle(() => {
    for (const id of ['catalog', 'player', 'wallet', 'account'] as const) prefetchRemote(id);
  });
}

async function start() {
  try {
    configureRemotes(await fetchRemotesConfig());
  } catch (error) {
    // Without remotes.json every remote shows its unavailable panel; the shell itself still renders.
    console.error('[cliffhanger] could not read remotes.json', error);
  }
  const routes = buildRoutes();
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const store = createShellStore((to, options) => router?.navigate(to, options));
  attachStore(store);
  router = createBrowserRouter(routes, { future: { v7_relativeSplatPath: true } });

  await runStartupSequence(
    startupSteps({
      startStorageSync: () => store.runSaga('storage-sync', storageSyncSaga),
      render: () => {
        warmRemotes(routes);
        createRoot(document.getElementById('root') as HTMLElement).render(
          <App store={store} router={router as ReturnType<typeof createBrowserRouter>} />,
        );
        scheduleStartupLoaderRemoval();
      },
    }),
  );

  // Third-party code never competes with the first screen.
  void startMonitoring();
  whenIdle(() => {
    store.dispatch(firstScreenShown());
    void startReplay();
  });
}

void start();
