/**
 * Which version of each remote this session runs. The rules come from `GET /api/remotes/` (stable and
 * an optional canary per remote); when that route fails or does not exist (an older API), the page
 * falls back to `remotes.json`, one unversioned address per remote. A session keeps its choice: the
 * canary is taken when the browser's random key hashes under the canary's share, and a version pinned
 * with `?remote-version=wallet@2.0.0` holds for the tab. The rules are re-read every
 * REMOTE_ROLLOUT_REFRESH_MS and on navigation (at most as often); a changed choice applies the next
 * time that remote's screen mounts.
 */
import {
  chooseRemoteRelease,
  fetchUnderPolicy,
  formatVersionPins,
  parseVersionPins,
  REMOTE_IDS,
  REMOTE_ROLLOUT_KEY_STORAGE,
  REMOTE_ROLLOUT_REFRESH_MS,
  REMOTE_VERSION_PATTERN,
  REMOTE_VERSION_PIN_STORAGE,
  REMOTE_VERSION_QUERY_FLAG,
  type RemoteId,
  type RemoteReleaseAddress,
  type RemoteRollout,
  runtimeConfig,
} from '@cliffhanger/shared';
import {
  type ChosenReleases,
  chooseReleases,
  fetchRemotesConfig,
  type RemotesConfig,
  UNVERSIONED,
} from './remote-registry';

export type RolloutRules = Record<RemoteId, RemoteRollout>;
export type { ChosenReleases };

/** `GET <api>/remotes/`, wherever the page's API lives (`/api` on one origin). */
export const rolloutUrl = () => `${runtimeConfig().apiBaseUrl.replace(/\/+$/, '')}/remotes/`;

const versionPattern = new RegExp(REMOTE_VERSION_PATTERN);

function parseAddress(value: unknown, baseUrl: string, what: string): RemoteReleaseAddress {
  const entry = value as Partial<RemoteReleaseAddress> | null;
  if (!entry || typeof entry.version !== 'string' || !versionPattern.test(entry.version)) {
    throw new Error(`${what} has no valid version`);
  }
  if (typeof entry.manifest !== 'string' || !entry.manifest) throw new Error(`${what} has no manifest`);
  return { version: entry.version, manifest: new URL(entry.manifest, baseUrl).href };
}

/** Validates the rollout answer; a remote without a stable address makes the whole answer unusable. */
export function parseRolloutAnswer(body: unknown, baseUrl: string): RolloutRules {
  const remotes = (body as { remotes?: Record<string, unknown> } | null)?.remotes;
  if (!remotes || typeof remotes !== 'object') throw new Error('the rollout answer has no remotes');
  const rules = {} as RolloutRules;
  for (const id of REMOTE_IDS) {
    const rule = remotes[id] as { stable?: unknown; canary?: unknown } | undefined;
    if (!rule) throw new Error(`the rollout answer has no rule for "${id}"`);
    const stable = parseAddress(rule.stable, baseUrl, `${id}'s stable version`);
    let canary: RemoteRollout['canary'] = null;
    if (rule.canary) {
      const share = Number((rule.canary as { share?: unknown }).share);
      const address = parseAddress(rule.canary, baseUrl, `${id}'s canary`);
      if (Number.isFinite(share) && share > 0) canary = { ...address, share: Math.min(100, share) };
    }
    rules[id] = { stable, canary };
  }
  return rules;
}

export function rulesFromRemotesConfig(config: RemotesConfig): RolloutRules {
  return Object.fromEntries(
    REMOTE_IDS.map((id) => [id, { stable: { version: UNVERSIONED, manifest: config[id] }, canary: null }]),
  ) as RolloutRules;
}

let fallbackSaid = false;

/** The rules from the API, or from `remotes.json` when the API cannot give them. */
export async function fetchRolloutRules(
  url = rolloutUrl(),
  fallback: () => Promise<RemotesConfig> = () => fetchRemotesConfig(),
): Promise<{ rules: RolloutRules; source: 'api' | 'remotes.json' }> {
  try {
    // Public and cookie-free, so an API on another origin answers it without credentials. Under the tab's
    // transport policy: an API that is backing off is not asked, remotes.json answers at once.
    const response = await fetchUnderPolicy(url, { credentials: 'omit' });
    if (!response?.ok)
      throw new Error(`${url} answered ${response ? response.status : 'nothing: the API is backing off'}`);
    // Addresses are absolute or relative to the site (not to the API).
    return { rules: parseRolloutAnswer(await response.json(), window.location.href), source: 'api' };
  } catch (error) {
    // Said once: an API without the route answers the same on every re-read.
    if (!fallbackSaid) console.warn('[cliffhanger] the rollout rules could not be read; using remotes.json', error);
    fallbackSaid = true;
    return { rules: rulesFromRemotesConfig(await fallback()), source: 'remotes.json' };
  }
}

function randomKey(): string {
  const crypto = globalThis.crypto as Crypto | undefined;
  if (crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The browser's rollout key, made once and kept (a disabled storage gives a key for this page only). */
let memoryKey: string | null = null;
export function rolloutKey(): string {
  try {
    const stored = localStorage.getItem(REMOTE_ROLLOUT_KEY_STORAGE);
    if (stored) return stored;
    const key = randomKey();
    localStorage.setItem(REMOTE_ROLLOUT_KEY_STORAGE, key);
    return key;
  } catch {
    memoryKey ??= randomKey();
    return memoryKey;
  }
}

/** The versions pinned for this tab: the query flag, merged into (and kept in) sessionStorage. */
export function readVersionPins(search = window.location.search): Partial<Record<RemoteId, string>> {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(REMOTE_VERSION_PIN_STORAGE);
  } catch {
    stored = null;
  }
  const flag = new URLSearchParams(search).get(REMOTE_VERSION_QUERY_FLAG);
  const pins = { ...parseVersionPins(stored), ...parseVersionPins(flag) };
  if (flag !== null) {
    try {
      sessionStorage.setItem(REMOTE_VERSION_PIN_STORAGE, formatVersionPins(pins));
    } catch {
      // storage disabled: the pin holds for this page only
    }
  }
  return pins;
}

export function chosenReleases(
  rules: RolloutRules,
  key: string,
  pins: Partial<Record<RemoteId, string>>,
): ChosenReleases {
  return Object.fromEntries(
    REMOTE_IDS.map((id) => [id, chooseRemoteRelease(rules[id], key, id, pins[id])]),
  ) as ChosenReleases;
}

/**
 * Keeps the page's choice current: `refresh()` re-reads the rules and hands the new choice to the
 * registry (which applies it on the next mount); `navigated()` refreshes when the last read is older
 * than the refresh period. Re-reads never overlap.
 */
export function createRolloutRefresher(options: {
  read?: () => Promise<{ rules: RolloutRules }>;
  apply?: (releases: ChosenReleases) => void;
  key?: () => string;
  pins?: () => Partial<Record<RemoteId, string>>;
  periodMs?: number;
  now?: () => number;
}) {
  const read = options.read ?? (() => fetchRolloutRules());
  const apply = options.apply ?? chooseReleases;
  const key = options.key ?? rolloutKey;
  const pins = options.pins ?? (() => readVersionPins());
  const periodMs = options.periodMs ?? REMOTE_ROLLOUT_REFRESH_MS;
  const now = options.now ?? Date.now;
  let lastRead = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const refresh = (): Promise<void> => {
    running ??= (async () => {
      lastRead = now();
      try {
        const { rules } = await read();
        apply(chosenReleases(rules, key(), pins()));
      } catch (error) {
        console.warn('[cliffhanger] the rollout rules could not be refreshed', error);
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    refresh,
    navigated(): Promise<void> | null {
      return now() - lastRead >= periodMs ? refresh() : null;
    },
    start() {
      timer ??= setInterval(() => void refresh(), periodMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
