/**
 * Starts the shell: reads which version of each remote this session runs (the rollout rules, or
 * `remotes.json` from an API without them), registers them with the federation runtime, creates
 * the store, then runs the startup sequence of product.md#startup, whose last step renders. The first screen's remote
 * is warmed at once, the others when the browser idles; error reporting, session replay and analytics
 * load only after the first screen is on its way.
 */
import { installRemoteComponentLoader, type REMOTE_IDS, SCREENS } from '@cliffhanger/shared';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router-dom';
import { firstScreenShown } from './analytics/analytics.saga';
import { App } from './app/app';
import { createShellStore } from './app/create-shell-store';
import { buildRoutes } from './app/routes';
// The shell's words, registered before anything renders (the language itself is chosen in `shared`).
import './layout/messages';
import {
  attachStore,
  currentRelease,
  forgetExposedComponent,
  loadExposedComponent,
  loadedExposedComponent,
  prefetchRemote,
  reportRemoteOutcome,
  setRemoteLoadListener,
  UNVERSIONED,
} from './federation/remote-registry';
import { createRolloutRefresher } from './federation/remote-rollout';
import { setRemoteVersionTag, startMonitoring, startReplay } from './monitoring/monitoring';
import { createRemoteReporter } from './monitoring/remote-reports';
import { notificationOfferSaga } from './notification-offer/notification-offer';
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

/** Loads, load failures and screen errors go to the API per remote version; errors carry the versions. */
function reportRemoteVersions() {
  const reporter = createRemoteReporter();
  reporter.start();
  setRemoteLoadListener(({ remote, version, outcome, load_ms }) => {
    if (outcome === 'loaded') setRemoteVersionTag(remote, version);
    // `remotes.json` knows no versions: there is nothing to compare, so nothing is reported.
    if (version !== UNVERSIONED)
      reporter.report({ remote, version, outcome, ...(load_ms === undefined ? {} : { load_ms }) });
  });
  // Other remotes render each other's exposed components through the same registry and versions.
  installRemoteComponentLoader({
    load: (remote, exposed, options) => loadExposedComponent(remote, exposed, options),
    loaded: loadedExposedComponent,
    forget: forgetExposedComponent,
    reportError: (remote) => reportRemoteOutcome(remote, currentRelease(remote)?.version ?? UNVERSIONED, 'error'),
  });
}

async function start() {
  reportRemoteVersions();
  // Without rules or remotes.json every remote shows its unavailable panel; the shell itself still renders.
  const rollout = createRolloutRefresher({});
  await rollout.refresh();
  rollout.start();
  const routes = buildRoutes();
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const store = createShellStore((to, options) => router?.navigate(to, options));
  attachStore(store);
  router = createBrowserRouter(routes, { future: { v7_relativeSplatPath: true } });
  // A promotion or a rollback reaches an open page on its next navigation (or the next timer tick).
  router.subscribe(() => void rollout.navigated());

  await runStartupSequence(
    startupSteps({
      startStorageSync: () => store.runSaga('storage-sync', storageSyncSaga),
      offerNotifications: () => store.runSaga('notification-offer', notificationOfferSaga),
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
