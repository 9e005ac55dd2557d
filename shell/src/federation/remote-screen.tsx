/**
 * Renders one screen of a remote: loads the remote's module (spinner meanwhile), joins it to the store,
 * and shows the screen inside a wrapper that says which version runs (`data-remote-version`). The
 * version is the one this session runs when the screen mounts; a newer choice waits for the next mount. A remote that cannot be loaded shows the unavailable panel instead; its Retry
 * loads the remote again without reloading the page, and the rest of the shell is untouched.
 */
import {
  type AnyRemoteModule,
  FullScreenSpinner,
  type HostStore,
  type RemoteId,
  registerModule,
  remoteFailed,
  remoteLoaded,
  type ScreenKey,
} from '@cliffhanger/shared';
import { Component, type ComponentType, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import {
  currentRelease,
  forgetLoadedRemote,
  loadedRemote,
  loadRemoteModule,
  RemoteUnavailableError,
  reportRemoteOutcome,
  UNVERSIONED,
} from './remote-registry';
import { RemoteUnavailablePanel } from './remote-unavailable-panel';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; module: AnyRemoteModule; version: string }
  | { status: 'failed'; message: string };

const versionNow = (remote: RemoteId) => currentRelease(remote)?.version ?? UNVERSIONED;

export function useRemoteModule(remote: RemoteId) {
  const store = useStore() as HostStore;
  const initial = loadedRemote(remote);
  const [state, setState] = useState<LoadState>(
    initial ? { status: 'ready', module: initial, version: versionNow(remote) } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  // `attempt` is the Retry trigger: a new attempt must run the effect again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on purpose
  useEffect(() => {
    let active = true;
    const ready = loadedRemote(remote);
    if (ready) {
      registerModule(store, ready);
      setState((now) =>
        now.status === 'ready' && now.module === ready
          ? now
          : { status: 'ready', module: ready, version: versionNow(remote) },
      );
      return;
    }
    setState({ status: 'loading' });
    const version = versionNow(remote);
    loadRemoteModule(remote)
      .then((module) => {
        // Only the version this session still runs joins the store (an overtaken load does not).
        if (loadedRemote(remote) === module) registerModule(store, module);
        store.dispatch(remoteLoaded({ remote }));
        if (active) setState({ status: 'ready', module, version });
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        store.dispatch(remoteFailed({ remote, message }));
        if (active) setState({ status: 'failed', message });
      });
    return () => {
      active = false;
    };
  }, [remote, store, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/** A remote's code that could not be fetched, as opposed to a screen that fails while rendering. */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof RemoteUnavailableError || error.name === 'ChunkLoadError') return true;
  return /Loading (CSS )?chunk|dynamically imported module|Importing a module script failed/i.test(error.message);
}

/**
 * Catches a remote screen whose own chunks fail to load: that is the remote being unavailable, and
 * Retry can fix it. A screen that throws while rendering is an uncaught screen error instead: it goes
 * on to the route's error page ("Oops! Something went wrong", product.md#errors), since retrying would fail again.
 */
class RemoteBoundary extends Component<
  { remote: RemoteId; version: string; onRetry: () => void; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    // A chunk that could not be fetched is a failed load of this version; anything else a screen error.
    reportRemoteOutcome(this.props.remote, this.props.version, isLoadFailure(error) ? 'failed' : 'error');
    console.error(`[cliffhanger] the ${this.props.remote} screen failed`, error);
  }
  override render() {
    if (this.state.error && !isLoadFailure(this.state.error)) throw this.state.error;
    if (this.state.error) {
      return (
        <RemoteUnavailablePanel
          remote={this.props.remote}
          onRetry={() => {
            // The failed lazy screen keeps its failed import for good: load the remote afresh (its
            // current manifest) rather than render the same screen again; this boundary unmounts meanwhile.
            forgetLoadedRemote(this.props.remote);
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

export function RemoteScreen({ remote, screen }: { remote: RemoteId; screen: ScreenKey }) {
  const { state, retry } = useRemoteModule(remote);
  if (state.status === 'loading') return <FullScreenSpinner />;
  if (state.status === 'failed') return <RemoteUnavailablePanel remote={remote} onRetry={retry} />;
  const screens = state.module.screens as Partial<Record<ScreenKey, ComponentType>>;
  const Screen = screens[screen];
  if (!Screen) return <RemoteUnavailablePanel remote={remote} onRetry={retry} />;
  return (
    <div className="remote-screen" data-remote={remote} data-remote-version={state.version}>
      <RemoteBoundary remote={remote} version={state.version} onRetry={retry}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Screen />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
