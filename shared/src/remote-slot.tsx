/**
 * The one way a remote renders a component another remote exposes (`mf_wallet/BalancePanel`, …),
 * loaded through federation at run time, never imported. On a page the shell installs the loader (its
 * own registry, so the version this session runs of that remote applies, and loads are reported); in a
 * remote's standalone harness, where no shell runs, the fallback reads `remotes.json` as the shell does.
 * A failed load ends within REMOTE_LOAD_TIMEOUT_MS; the next attempt registers the remote afresh.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Component, type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { REMOTE_LOAD_TIMEOUT_MS } from './constants';
import { REMOTE_CONTAINER_NAMES, type RemoteId } from './routes';

// biome-ignore lint/suspicious/noExplicitAny: an exposed component's props are its own
export type AnyComponent = ComponentType<any>;

export interface RemoteComponentLoader {
  /** Loads `<remote>/<exposed>`; `fresh` after a failure, so a remote that is back is fetched again. */
  load(remote: RemoteId, exposed: string, options: { fresh: boolean }): Promise<AnyComponent>;
  /** The component already loaded for the version this page runs now, to show it at once. */
  loaded(remote: RemoteId, exposed: string): AnyComponent | undefined;
  /** Forgets a component whose rendering failed, so the next mount loads it again. */
  forget(remote: RemoteId, exposed: string): void;
  /** An error thrown while rendering an exposed component (reported per remote version). */
  reportError?(remote: RemoteId, error: unknown): void;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The component a federation module exports (its default export, or itself). */
export function exposedComponent(exported: unknown, id: string): AnyComponent {
  const component =
    exported && typeof exported === 'object' && 'default' in exported
      ? (exported as { default: unknown }).default
      : exported;
  if (typeof component !== 'function' && !(component && typeof component === 'object' && '$$typeof' in component)) {
    throw new Error(`${id} is not a component`);
  }
  return component as AnyComponent;
}

export const REMOTES_CONFIG_URL = '/remotes.json';

/** A remote's standalone harness: the addresses of `remotes.json`, registered with this page's runtime. */
function harnessLoader(): RemoteComponentLoader {
  let config: Promise<Record<string, unknown>> | null = null;
  const registered = new Map<RemoteId, string>();
  const components = new Map<string, AnyComponent>();
  const readConfig = () => {
    config ??= fetch(REMOTES_CONFIG_URL, { cache: 'no-cache' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
        return (await response.json()) as Record<string, unknown>;
      })
      .catch((error: unknown) => {
        config = null; // read it again next time
        throw error;
      });
    return config;
  };
  return {
    async load(remote, exposed, { fresh }) {
      const ready = components.get(`${remote}/${exposed}`);
      if (ready && !fresh) return ready;
      const body = await readConfig();
      const address = body[remote];
      if (typeof address !== 'string' || !address) throw new Error(`remotes.json has no address for "${remote}"`);
      const entry = new URL(address, window.location.href).href;
      const name = REMOTE_CONTAINER_NAMES[remote];
      if (registered.get(remote) !== entry || fresh) {
        registerRemotes([{ name, entry }], { force: registered.has(remote) });
        registered.set(remote, entry);
      }
      const id = `${name}/${exposed}`;
      const exported = await withTimeout(loadRemote<unknown>(id), REMOTE_LOAD_TIMEOUT_MS, `the ${remote} remote`);
      const component = exposedComponent(exported, id);
      components.set(`${remote}/${exposed}`, component);
      return component;
    },
    loaded: (remote, exposed) => components.get(`${remote}/${exposed}`),
    forget: (remote, exposed) => {
      components.delete(`${remote}/${exposed}`);
    },
  };
}

let installed: RemoteComponentLoader | null = null;
let fallback: RemoteComponentLoader | null = null;
function loader(): RemoteComponentLoader {
  if (installed) return installed;
  fallback ??= harnessLoader();
  return fallback;
}

/** Called once by the shell at start: every exposed component then loads through its registry. */
export function installRemoteComponentLoader(next: RemoteComponentLoader | null): void {
  installed = next;
}

export function loadRemoteComponent<P = Record<string, never>>(
  remote: RemoteId,
  exposed: string,
  options: { fresh?: boolean } = {},
): Promise<ComponentType<P>> {
  try {
    return loader().load(remote, exposed, { fresh: options.fresh ?? false });
  } catch (error) {
    return Promise.reject(error);
  }
}

export function loadedRemoteComponent<P = Record<string, never>>(
  remote: RemoteId,
  exposed: string,
): ComponentType<P> | undefined {
  return loader().loaded(remote, exposed);
}

export function forgetRemoteComponent(remote: RemoteId, exposed: string): void {
  loader().forget(remote, exposed);
}

/** For tests: drop every loader and loaded component, optionally starting with some already loaded. */
export function resetRemoteComponents(preloaded: Partial<Record<`${RemoteId}/${string}`, AnyComponent>> = {}): void {
  installed = null;
  fallback = harnessLoader();
  const base = fallback;
  const seeded = new Map(Object.entries(preloaded) as Array<[string, AnyComponent]>);
  if (seeded.size === 0) return;
  fallback = {
    ...base,
    load: (remote, exposed, options) => {
      const ready = seeded.get(`${remote}/${exposed}`);
      return ready && !options.fresh ? Promise.resolve(ready) : base.load(remote, exposed, options);
    },
    loaded: (remote, exposed) => seeded.get(`${remote}/${exposed}`) ?? base.loaded(remote, exposed),
    forget: (remote, exposed) => {
      seeded.delete(`${remote}/${exposed}`);
      base.forget(remote, exposed);
    },
  };
}

type SlotState = { status: 'loading' } | { status: 'ready'; Component: AnyComponent } | { status: 'failed' };

/**
 * Loads one exposed component once per mount: a version change of that remote applies on the next
 * mount, never under a component on display. `retry` loads it afresh.
 */
export function useRemoteComponent(remote: RemoteId, exposed: string) {
  const [state, setState] = useState<SlotState>(() => {
    const ready = loadedRemoteComponent(remote, exposed);
    return ready ? { status: 'ready', Component: ready } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    // `attempt` is the Retry trigger: a new attempt runs the load again, afresh.
    if (attempt === 0 && loadedRemoteComponent(remote, exposed)) return;
    setState({ status: 'loading' });
    loadRemoteComponent(remote, exposed, { fresh: attempt > 0 })
      .then((Component) => {
        if (active) setState({ status: 'ready', Component });
      })
      .catch((error: unknown) => {
        console.warn(`[cliffhanger] ${remote}/${exposed} could not be loaded`, error);
        if (active) setState({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [remote, exposed, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry, attempt };
}

class SlotBoundary extends Component<
  { remote: RemoteId; exposed: string; fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    forgetRemoteComponent(this.props.remote, this.props.exposed);
    loader().reportError?.(this.props.remote, error);
    console.warn(`[cliffhanger] ${this.props.remote}/${this.props.exposed} failed while rendering`, error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteSlotProps<P> {
  remote: RemoteId;
  /** The exposed name without `./`: `BalancePanel`, `UnlockSheet`, … */
  exposed: string;
  props?: P;
  /** While loading (nothing by default). */
  loading?: ReactNode;
  /** When it cannot be loaded or fails while rendering (nothing by default); `retry` loads it afresh. */
  fallback?: (retry: () => void) => ReactNode;
}

/** Renders another remote's exposed component, with a polite fallback of the caller's choosing. */
export function RemoteSlot<P extends object>({ remote, exposed, props, loading, fallback }: RemoteSlotProps<P>) {
  const { state, retry, attempt } = useRemoteComponent(remote, exposed);
  const failed = fallback ? fallback(retry) : null;
  if (state.status === 'loading') return <>{loading ?? null}</>;
  if (state.status === 'failed') return <>{failed}</>;
  const { Component: Exposed } = state;
  return (
    <SlotBoundary key={attempt} remote={remote} exposed={exposed} fallback={failed}>
      <Exposed {...(props ?? {})} />
    </SlotBoundary>
  );
}
