/**
 * Where the remotes live and how they are loaded. Locations are run-time data: the version of each
 * remote this session runs (see remote-rollout.ts; `remotes.json` when the API gives no rules), each an
 * address of its `mf-manifest.json`; nothing is compiled in. A remote that fails or hangs ends its load
 * within REMOTE_LOAD_TIMEOUT_MS; a retry re-registers it with `force` so the federation runtime forgets
 * the failed entry and fetches it afresh, with no page reload. When the chosen version of a remote
 * changes, nothing on display moves: the next load (the next mount of its screen) registers the new
 * address with `force`, loads its `./module` and replaces the old one in the store.
 */

import {
  type AnyComponent,
  type AnyRemoteModule,
  exposedComponent,
  type HostStore,
  isRemoteModule,
  REMOTE_CONTAINER_NAMES,
  REMOTE_IDS,
  REMOTE_LOAD_TIMEOUT_MS,
  type RemoteId,
  type RemoteLoadOutcome,
  type RemoteReleaseAddress,
  registerModule,
  withTimeout,
} from '@cliffhanger/shared';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

export type RemotesConfig = Record<RemoteId, string>;
export type ChosenReleases = Record<RemoteId, RemoteReleaseAddress>;

/** The version name of an address read from `remotes.json`, which knows no versions. */
export const UNVERSIONED = 'current';

/** What happened to one load (or a screen error) of one version of a remote: for reports and tags. */
export type RemoteLoadListener = (event: {
  remote: RemoteId;
  version: string;
  outcome: RemoteLoadOutcome;
  load_ms?: number;
}) => void;

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

let releases: ChosenReleases | null = null;
let hostStore: HostStore | null = null;
let listener: RemoteLoadListener = () => undefined;
/** The manifest each remote is registered at with the federation runtime. */
const registeredAt = new Map<RemoteId, string>();
const loaded = new Map<RemoteId, { version: string; module: AnyRemoteModule }>();
const pending = new Map<RemoteId, { version: string; promise: Promise<AnyRemoteModule> }>();
const failed = new Set<RemoteId>();
const components = new Map<string, AnyComponent>();

/**
 * The page's store: a remote joins it the moment its module arrives, so a module warmed in the
 * background is never rendered before its reducer is mounted.
 */
export function attachStore(store: HostStore): void {
  hostStore = store;
}

export function setRemoteLoadListener(next: RemoteLoadListener): void {
  listener = next;
}

function tell(remote: RemoteId, version: string, outcome: RemoteLoadOutcome, loadMs?: number): void {
  try {
    listener({ remote, version, outcome, ...(loadMs === undefined ? {} : { load_ms: loadMs }) });
  } catch {
    // a report never breaks a load
  }
}

/** The first choice of the page: registers every remote at the version this session runs. */
export function configureReleases(chosen: ChosenReleases): void {
  releases = { ...chosen };
  registerRemotes(REMOTE_IDS.map((id) => toRemote(id, chosen[id].manifest)));
  for (const id of REMOTE_IDS) registeredAt.set(id, chosen[id].manifest);
}

/** `remotes.json` alone (an API without rollout rules): one unversioned address per remote. */
export function configureRemotes(config: RemotesConfig): void {
  configureReleases(
    Object.fromEntries(REMOTE_IDS.map((id) => [id, { version: UNVERSIONED, manifest: config[id] }])) as ChosenReleases,
  );
}

/**
 * A later choice (the rules were re-read): remembered only. What is loaded and on display stays; the
 * next load of a remote whose version changed registers the new address and loads it.
 */
export function chooseReleases(chosen: ChosenReleases): void {
  if (!releases) {
    configureReleases(chosen);
    return;
  }
  releases = { ...chosen };
}

/** The version this session runs of a remote now (the next mount loads it). */
export function currentRelease(id: RemoteId): RemoteReleaseAddress | undefined {
  return releases?.[id];
}

/** The module loaded for the version this session runs now; undefined when that version is not loaded. */
export function loadedRemote(id: RemoteId): AnyRemoteModule | undefined {
  const ready = loaded.get(id);
  return ready && ready.version === releases?.[id].version ? ready.module : undefined;
}

/** The version of a loaded module (the one a mounted screen runs), for support and tests. */
export function versionOfModule(module: AnyRemoteModule): string | undefined {
  for (const [, entry] of loaded) if (entry.module === module) return entry.version;
  return undefined;
}

/** Registers the chosen address afresh when it changed since the last registration or failed. */
function ensureRegistered(id: RemoteId, release: RemoteReleaseAddress): void {
  const at = registeredAt.get(id);
  if (at === release.manifest && !failed.has(id)) return;
  registerRemotes([toRemote(id, release.manifest)], { force: at !== undefined });
  registeredAt.set(id, release.manifest);
  failed.delete(id);
}

function unavailable(id: RemoteId, error: unknown): RemoteUnavailableError {
  return error instanceof RemoteUnavailableError
    ? error
    : new RemoteUnavailableError(id, error instanceof Error ? error.message : String(error));
}

function timed<T>(promise: Promise<T>, remote: RemoteId, ms: number): Promise<T> {
  return withTimeout(promise, ms, `the ${remote} remote`).catch((error: unknown) => {
    if (error instanceof Error && /did not answer in/.test(error.message)) {
      throw new RemoteUnavailableError(remote, `no answer in ${ms} ms`);
    }
    throw error;
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

/**
 * Loads the `./module` of the version this session runs, at most once at a time; a load after a
 * failure starts afresh. A module of a newer version replaces the older one in the store (reducer,
 * endpoints, saga) when it arrives: callers load only when a screen mounts, never under one on display.
 */
export function loadRemoteModule(id: RemoteId, timeoutMs = REMOTE_LOAD_TIMEOUT_MS): Promise<AnyRemoteModule> {
  const release = releases?.[id];
  if (!release) return Promise.reject(new RemoteUnavailableError(id, 'remotes.json was not loaded'));
  const ready = loaded.get(id);
  if (ready && ready.version === release.version) return Promise.resolve(ready.module);
  const inFlight = pending.get(id);
  if (inFlight && inFlight.version === release.version) return inFlight.promise;
  ensureRegistered(id, release);
  const started = Date.now();
  const promise = timed(fetchModule(id), id, timeoutMs)
    .then((module) => {
      tell(id, release.version, 'loaded', Date.now() - started);
      // A load overtaken by a newer choice still serves whoever asked, but does not take the store.
      if (releases?.[id].version === release.version) {
        if (hostStore) registerModule(hostStore, module);
        loaded.set(id, { version: release.version, module });
      }
      return module;
    })
    .catch((error: unknown) => {
      failed.add(id);
      tell(id, release.version, 'failed');
      throw unavailable(id, error);
    })
    .finally(() => {
      if (pending.get(id)?.promise === promise) pending.delete(id);
    });
  pending.set(id, { version: release.version, promise });
  return promise;
}

/**
 * Forgets a remote whose module loaded but whose later chunks could not be fetched (a deploy that
 * removed them): the next load registers it again and fetches its current manifest, with new screens.
 */
export function forgetLoadedRemote(id: RemoteId): void {
  if (loaded.delete(id)) failed.add(id);
}

/**
 * Warms a remote (on idle, on link hover); failures are left for the screen to show. A remote whose
 * older version is loaded is left alone: its new version joins the store when its screen next mounts.
 */
export function prefetchRemote(id: RemoteId): void {
  if (!releases || loaded.has(id) || pending.has(id) || failed.has(id)) return;
  loadRemoteModule(id).catch(() => undefined);
}

/** Reports what befell the version a screen runs after its module loaded (a screen error, a lost chunk). */
export function reportRemoteOutcome(id: RemoteId, version: string, outcome: RemoteLoadOutcome): void {
  tell(id, version, outcome);
}

const componentKey = (id: RemoteId, version: string, exposed: string) => `${id}@${version}/${exposed}`;

/** An exposed component of the version this session runs (`shared`'s RemoteSlot loads through this). */
export async function loadExposedComponent(
  id: RemoteId,
  exposed: string,
  options: { fresh: boolean; timeoutMs?: number } = { fresh: false },
): Promise<AnyComponent> {
  const release = releases?.[id];
  if (!release) throw new RemoteUnavailableError(id, 'remotes.json was not loaded');
  const key = componentKey(id, release.version, exposed);
  const ready = components.get(key);
  if (ready && !options.fresh) return ready;
  if (options.fresh) failed.add(id);
  ensureRegistered(id, release);
  const name = `${REMOTE_CONTAINER_NAMES[id]}/${exposed}`;
  const started = Date.now();
  try {
    const exported = await timed(loadRemote<unknown>(name), id, options.timeoutMs ?? REMOTE_LOAD_TIMEOUT_MS);
    const component = exposedComponent(exported, name);
    components.set(key, component);
    tell(id, release.version, 'loaded', Date.now() - started);
    return component;
  } catch (error) {
    failed.add(id);
    tell(id, release.version, 'failed');
    throw unavailable(id, error);
  }
}

export function loadedExposedComponent(id: RemoteId, exposed: string): AnyComponent | undefined {
  const release = releases?.[id];
  return release ? components.get(componentKey(id, release.version, exposed)) : undefined;
}

export function forgetExposedComponent(id: RemoteId, exposed: string): void {
  const release = releases?.[id];
  if (release) components.delete(componentKey(id, release.version, exposed));
}

/** For tests: forget every address, loaded and failed remote. */
export function resetRemoteRegistry(): void {
  releases = null;
  hostStore = null;
  listener = () => undefined;
  registeredAt.clear();
  loaded.clear();
  pending.clear();
  failed.clear();
  components.clear();
}
