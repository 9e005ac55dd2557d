/**
 * The rules of a rollout as pure functions, shared by the shell (which version this session loads),
 * the publish script and the API (whether a build's shared ranges fit the shell's singletons).
 */
import type { RemoteReleaseAddress, RemoteRollout } from './entities';
import { REMOTE_IDS, type RemoteId } from './routes';

/** FNV-1a, 32 bits: a small deterministic hash that spreads short keys evenly. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The bucket (0–99) a browser's key falls in for one remote: independent per remote. */
export function rolloutBucket(key: string, remote: RemoteId): number {
  return stableHash(`${key}:${remote}`) % 100;
}

/**
 * The version one session loads: a pinned version when it is the stable or the canary one (or any
 * published version, for staff testing a build not rolled out yet), else the canary when the key's
 * bucket is under its share, else the stable version.
 */
export function chooseRemoteRelease(
  rollout: RemoteRollout,
  key: string,
  remote: RemoteId,
  pinned?: string | null,
): RemoteReleaseAddress {
  if (pinned) {
    if (pinned === rollout.stable.version) return rollout.stable;
    if (rollout.canary && pinned === rollout.canary.version) return strip(rollout.canary);
    return { version: pinned, manifest: pinnedManifest(rollout.stable.manifest, rollout.stable.version, pinned) };
  }
  const canary = rollout.canary;
  if (canary && canary.share > 0 && rolloutBucket(key, remote) < canary.share) return strip(canary);
  return rollout.stable;
}

function strip(address: RemoteReleaseAddress): RemoteReleaseAddress {
  return { version: address.version, manifest: address.manifest };
}

/**
 * The address of a version not in the rules, by the published layout: the stable address with its
 * version segment replaced (`/remotes/wallet/1.0.0/mf-manifest.json` → `/remotes/wallet/2.0.0/…`).
 */
export function pinnedManifest(stableManifest: string, stableVersion: string, version: string): string {
  const segment = `/${stableVersion}/`;
  const at = stableManifest.lastIndexOf(segment);
  if (at < 0) return stableManifest;
  return `${stableManifest.slice(0, at)}/${version}/${stableManifest.slice(at + segment.length)}`;
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;

/** Reads `wallet@2.0.0,player@1.1.0` (the query flag or its stored copy); anything malformed is skipped. */
export function parseVersionPins(value: string | null | undefined): Partial<Record<RemoteId, string>> {
  const pins: Partial<Record<RemoteId, string>> = {};
  for (const part of (value ?? '').split(',')) {
    const [remote, version, ...rest] = part.trim().split('@');
    if (rest.length || !version || !VERSION.test(version)) continue;
    if ((REMOTE_IDS as readonly string[]).includes(remote)) pins[remote as RemoteId] = version;
  }
  return pins;
}

export function formatVersionPins(pins: Partial<Record<RemoteId, string>>): string {
  return Object.entries(pins)
    .map(([remote, version]) => `${remote}@${version}`)
    .join(',');
}

/** The base package of a shared request: `react/jsx-runtime` → `react`, `@reduxjs/toolkit/query` → `@reduxjs/toolkit`. */
export function sharedPackageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Whether a build's shared ranges fit the versions the shell provides: null when every singleton the
 * shell provides satisfies the range the build asks for, else a sentence naming each that does not.
 * `satisfies` is semver's (passed in, so this stays free of dependencies for the browser bundle).
 */
export function sharedRangesIncompatibility(
  ranges: Record<string, string>,
  provides: Record<string, string>,
  satisfies: (version: string, range: string) => boolean,
): string | null {
  const misfits: string[] = [];
  for (const [name, range] of Object.entries(ranges).sort(([a], [b]) => a.localeCompare(b))) {
    const provided = provides[sharedPackageOf(name)];
    if (provided === undefined) {
      misfits.push(`${name} ${range} (the shell does not provide it)`);
      continue;
    }
    let fits = false;
    try {
      fits = satisfies(provided, range);
    } catch {
      fits = false;
    }
    if (!fits) misfits.push(`${name} ${range} (the shell provides ${provided})`);
  }
  return misfits.length ? `Its shared ranges do not fit the shell: ${misfits.join('; ')}` : null;
}
