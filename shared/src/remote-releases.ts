/**
 * Versioned remotes and their rollout: each remote build is published under its own version at an
 * address that never changes (`/remotes/<name>/<version>/mf-manifest.json`); the server tells every page
 * which version is stable and which, if any, is a canary for a share of sessions. A page picks once per
 * session by a stable hash, keeps that version across navigations, and re-reads the rules so a
 * promotion or a rollback reaches it on the next mount of that remote's screen, with no reload.
 * These are the shapes and numbers the shell, the admin and the API all read.
 */
import type { RemoteId } from './routes';

/**
 * The libraries every page holds one copy of, whatever remotes load: the shell provides them and each
 * remote shares them (a federation singleton each). Sub-path imports are listed too: federation shares by
 * request, so `react-dom/client` is a module of its own.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'redux',
  '@reduxjs/toolkit',
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  'react-redux',
  'redux-saga',
  'redux-saga/effects',
  'axios',
  'i18next',
  'react-i18next',
  '@cliffhanger/shared',
] as const;

/** A version name: letters, digits, dots, `+` and `-`, starting with a letter or digit (e.g. `2.1.0-rc.1`). */
export const REMOTE_VERSION_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$';

/**
 * Where published versions live on the server, relative to the project root (environment
 * `REMOTE_RELEASES_DIR` overrides it): `<dir>/<remote>/<version>/`, served at `/remotes/<remote>/<version>/`.
 */
export const REMOTE_RELEASES_DIR_DEFAULT = 'var/remote-releases';

/** The file every published build carries beside its `mf-manifest.json`. */
export const REMOTE_RELEASE_STAMP_FILE = 'release.json';

/** What a build stamps into its `release.json`: who it is and the shared ranges it was built against. */
export interface RemoteReleaseStamp {
  remote: RemoteId;
  version: string;
  /** ISO 8601 UTC. */
  built_at: string;
  /** The semver range of each singleton it shares with the shell (`react`, `react-dom`, …), from its build. */
  shared: Record<string, string>;
}

/**
 * What the shell's build stamps into its own `release.json`: the exact version of each singleton it
 * provides to the remotes (keyed by package, `react`, `@reduxjs/toolkit`, …). A remote version whose
 * `shared` ranges do not all admit these versions is refused at publish time.
 */
export interface ShellReleaseStamp {
  remote: 'shell';
  version: string;
  /** ISO 8601 UTC. */
  built_at: string;
  provides: Record<string, string>;
}

/** How long the server and browsers may cache the rollout answer. */
export const REMOTE_ROLLOUT_CACHE_SECONDS = 15;

/** How often an open page re-reads the rollout rules (also re-read on navigation, at most this often). */
export const REMOTE_ROLLOUT_REFRESH_MS = 30_000;

/** `?remote-version=wallet@2.0.0` (comma-separated for several) pins a version for this tab, for testing. */
export const REMOTE_VERSION_QUERY_FLAG = 'remote-version';

/** Where a tab keeps the versions pinned with REMOTE_VERSION_QUERY_FLAG (sessionStorage, as `wallet@2.0.0,…`). */
export const REMOTE_VERSION_PIN_STORAGE = 'ch-remote-version-pins';

/** Where the page keeps the random key its canary choices hash (one per browser, guests too). */
export const REMOTE_ROLLOUT_KEY_STORAGE = 'ch-rollout-key';

/**
 * The automatic rollback: once a canary has been loaded at least `minLoads` times in the last
 * `windowMinutes`, by at least `minReporters` different browsers (reports are public: one client
 * repeating failures must not roll a release back), it is rolled back when its failure rate (load
 * failures + screen errors per load) passes `maxFailureRate` and is at least `marginOverStable` above
 * the stable version's in that window.
 */
export const CANARY_AUTO_ROLLBACK = {
  minLoads: 20,
  minReporters: 5,
  windowMinutes: 60,
  maxFailureRate: 0.1,
  marginOverStable: 0.05,
} as const;

// The wire shapes are in contracts/releases.ts, their types (`RemoteRollout`, `RemoteLoadReport`, …) in entities.ts.
/** `POST /api/remotes/reports/` (public, rate limited) carries up to this many reports. */
export const REMOTE_REPORTS_PER_REQUEST = 20;
/** How often a page sends the load reports it has gathered (and at once when the page is hidden). */
export const REMOTE_REPORTS_FLUSH_MS = 5_000;
/** Reports a page keeps while the server cannot be reached; older ones are dropped beyond this. */
export const REMOTE_REPORTS_QUEUE_LIMIT = 200;
