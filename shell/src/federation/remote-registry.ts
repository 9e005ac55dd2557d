/**
 * Where the remotes live and how they are loaded. Locations are run-time data: `remotes.json`, served
 * beside the shell, maps each remote to its `mf-manifest.json`; nothing is compiled in. A remote that
 * fails or hangs ends its load within REMOTE_LOAD_TIMEOUT_MS; a retry re-registers it with `force` so
 * the federation runtime forgets the failed entry and fetches it afresh, with no page reload.
 */

import {
  type AnyRemoteModule,
  type HostStore,
  isRemoteModule,
  REMOTE_CONTAINER_NAMES,
  REMOTE_IDS,
  REMOTE_LOAD_TIMEOUT_MS,
  type RemoteId,
  registerModule,
} from '@cliffhanger/shared';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemotesConfig = Record<RemoteId, string>;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteId,
    reason: string,
  ) {
    super(`The ${remote} remote is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Reads and validates `remotes.json`; a missing entry is an error a developer sees at once. */
export async function fetchRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const body = (await response.json()) as Partial<Record<string, unknown>>;
  return parseRemotesConfig(body, new URL(url, window.location.href).href);
}

export function parseRemotesConfig(body: Partial<Record<string, unknown>>, baseUrl: string): RemotesConfig {
  const config = {} as RemotesConfig;
  for (const id of REMOTE_IDS) {
    const entry = body[id];
    if (typeof entry !== 'string' || !entry) throw new Error(`remotes.json has no address for "${id}"`);
    config[id] = new URL(entry, baseUrl).href;
  }
  return config;
}

function toRemote(id: RemoteId, entry: string) {
  return { name: REMOTE_CONTAINER_NAMES[id], entry };
}

let locations: RemotesConfig | null = null;
let hostStore: HostStore | null = null;
const loaded = new Map<RemoteId, AnyRemoteModule>();
const pending = new Map<RemoteId, Promise<AnyRemoteModule>>();
const failed = new Set<RemoteId>();

/**
 * The page's store: a remote joins it the moment its module arrives, so a module warmed in the
 * background is never rendered before its reducer is mounted.
 */
export function attachStore(store: HostStore): void {
  hostStore = store;
}

export function configureRemotes(config: RemotesConfig): void {
  locations = config;
  registerRemotes(REMOTE_IDS.map((id) => toRemote(id, config[id])));
}

export function loadedRemote(id: RemoteId): AnyRemoteModule | undefined {
  return loaded.get(id);
}

function withTimeout<T>(promise: Promise<T>, remote: RemoteId, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteUnavailableError(remote, `no answer in ${ms} ms`)), ms);
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

async function fetchModule(id: RemoteId): Promise<AnyRemoteModule> {
  const exported = await loadRemote<{ default?: unknown }>(`${REMOTE_CONTAINER_NAMES[id]}/module`);
  const candidate = exported && 'default' in exported ? exported.default : exported;
  if (!isRemoteModule(candidate) || candidate.id !== id) {
    throw new RemoteUnavailableError(id, './module does not satisfy the RemoteModule contract');
  }
  return candidate;
}

/** Loads a remote's `./module`, at most once at a time; a load after a failure starts afresh. */
export function loadRemoteModule(id: RemoteId, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<AnyRemoteModule> {
  const ready = loaded.get(id);
  if (ready) return Promise.resolve(ready);
  const inFlight = pending.get(id);
  if (inFlight) return inFlight;
  if (!locations) return Promise.reject(new RemoteUnavailableError(id, 'remotes.json was not loaded'));
  if (failed.has(id)) {
    registerRemotes([toRemote(id, locations[id])], { force: true });
    failed.delete(id);
  }
  const attempt = withTimeout(fetchModule(id), id, timeoutMs)
    .then((module) => {
      if (hostStore) registerModule(hostStore, module);
      loaded.set(id, module);
      return module;
    })
    .catch((error: unknown) => {
      failed.add(id);
      throw error instanceof RemoteUnavailableError
        ? error
        : new RemoteUnavailableError(id, error instanceof Error ? error.message : String(error));
    })
    .finally(() => pending.delete(id));
  pending.set(id, attempt);
  return attempt;
}

/**
 * Forgets a remote whose module loaded but whose later chunks could not be fetched (a deploy that
 * removed them): the next load registers it again and fetches its current manifest, with new screens.
 */
export function forgetLoadedRemote(id: RemoteId): void {
  if (loaded.delete(id)) failed.add(id);
}

/** Warms a remote (on idle, on link hover); failures are left for the screen to show. */
export function prefetchRemote(id: RemoteId): void {
  if (!locations || loaded.has(id) || pending.has(id) || failed.has(id)) return;
  loadRemoteModule(id).catch(() => undefined);
}

/** For tests: forget every loaded and failed remote. */
export function resetRemoteRegistry(): void {
  locations = null;
  hostStore = null;
  loaded.clear();
  pending.clear();
  failed.clear();
}
