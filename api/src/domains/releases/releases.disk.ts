/**
 * What is on disk: the published versions of each remote under REMOTE_RELEASES_DIR
 * (`<remote>/<version>/` with `mf-manifest.json` and `release.json`), the built-in build under
 * `mf-<remote>/dist/` (its version is the `version` of its `release.json`, else `current`), and the
 * versions of the singletons the shell provides, against which a version's shared ranges are checked.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  REMOTE_RELEASE_STAMP_FILE,
  type RemoteReleaseStamp,
  SHARED_SINGLETONS,
} from '@cliffhanger/shared/remote-releases';
import { sharedPackageOf, sharedRangesIncompatibility } from '@cliffhanger/shared/remote-rollout';
import type { RemoteId } from '@cliffhanger/shared/routes';
import semver from 'semver';
import type { AppConfig } from '../../config';
import { isVersionName, publishedFolder } from '../../frontends/releases-paths';

export { isVersionName, publishedFolder } from '../../frontends/releases-paths';

/** The version name of the built-in build when its `release.json` names none. */
export const BUILT_IN_VERSION_FALLBACK = 'current';

/** Where the published versions live: REMOTE_RELEASES_DIR, else `<root>/var/remote-releases`. */
export function releasesDir(config: Pick<AppConfig, 'remoteReleasesDir' | 'frontendsRoot'>): string {
  return config.remoteReleasesDir ?? path.join(config.frontendsRoot, 'var', 'remote-releases');
}

export interface VersionOnDisk {
  version: string;
  builtIn: boolean;
  built_at: string | null;
  shared: Record<string, string> | null;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function stampOf(file: string): Partial<RemoteReleaseStamp> | null {
  const value = readJson(file);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<RemoteReleaseStamp>) : null;
}

function sharedOf(stamp: Partial<RemoteReleaseStamp> | null): Record<string, string> | null {
  const shared = stamp?.shared;
  if (!shared || typeof shared !== 'object' || Array.isArray(shared)) return null;
  return Object.fromEntries(
    Object.entries(shared).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The built-in build of a remote: its version name and stamp, when it has one. */
export function builtInVersion(rootDir: string, remote: RemoteId): VersionOnDisk {
  const stamp = stampOf(path.join(rootDir, `mf-${remote}`, 'dist', REMOTE_RELEASE_STAMP_FILE));
  const named = typeof stamp?.version === 'string' && isVersionName(stamp.version) ? stamp.version : null;
  return {
    version: named ?? BUILT_IN_VERSION_FALLBACK,
    builtIn: true,
    built_at: typeof stamp?.built_at === 'string' ? stamp.built_at : null,
    shared: sharedOf(stamp),
  };
}

/** Every published version of a remote (the folders with a manifest), in no particular order. */
export function publishedVersions(dir: string, remote: RemoteId): VersionOnDisk[] {
  const base = path.join(dir, remote);
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return [];
  }
  const found: VersionOnDisk[] = [];
  for (const name of names) {
    const folder = publishedFolder(dir, remote, name);
    if (!folder) continue;
    const stamp = stampOf(path.join(folder, REMOTE_RELEASE_STAMP_FILE));
    let builtAt = typeof stamp?.built_at === 'string' ? stamp.built_at : null;
    if (!builtAt) {
      try {
        builtAt = statSync(folder).mtime.toISOString();
      } catch {
        builtAt = null;
      }
    }
    found.push({ version: name, builtIn: false, built_at: builtAt, shared: sharedOf(stamp) });
  }
  return found;
}

/** The built-in version first-class among the published ones, newest first (by build time, then by name). */
export function versionsOf(rootDir: string, dir: string, remote: RemoteId): VersionOnDisk[] {
  const builtIn = builtInVersion(rootDir, remote);
  const published = publishedVersions(dir, remote).filter((v) => v.version !== builtIn.version);
  const byNewest = (a: VersionOnDisk, b: VersionOnDisk) => {
    const at = (b.built_at ?? '').localeCompare(a.built_at ?? '');
    if (at !== 0) return at;
    const va = semver.valid(a.version);
    const vb = semver.valid(b.version);
    if (va && vb) return semver.rcompare(va, vb);
    return b.version.localeCompare(a.version);
  };
  return [builtIn, ...published].sort(byNewest);
}

/**
 * The version of each singleton the shell provides: `shell/dist/release.json` (`provides`, the exact
 * versions the build shared) when present, else the installed packages' own package.json.
 */
export function shellProvides(rootDir: string): Record<string, string> {
  const stamp = readJson(path.join(rootDir, 'shell', 'dist', REMOTE_RELEASE_STAMP_FILE)) as {
    provides?: unknown;
  } | null;
  const provides = stamp?.provides;
  if (provides && typeof provides === 'object' && !Array.isArray(provides)) {
    return Object.fromEntries(
      Object.entries(provides).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  const found: Record<string, string> = {};
  const load = createRequire(path.join(rootDir, 'package.json'));
  for (const name of new Set(SHARED_SINGLETONS.map(sharedPackageOf))) {
    try {
      const manifest = load.resolve(`${name}/package.json`, { paths: [rootDir] });
      const version = (readJson(manifest) as { version?: unknown } | null)?.version;
      if (typeof version === 'string') found[name] = version;
    } catch {
      // Not installed here: a remote sharing it is judged incompatible, with the reason.
    }
  }
  return found;
}

/**
 * Whether a version's shared ranges all admit what the shell provides; the reason when not, naming each
 * package, the range asked and the version provided.
 */
export function compatibility(
  shared: Record<string, string> | null,
  provides: Record<string, string>,
): { compatible: boolean; incompatibility: string | null } {
  if (shared === null) {
    return {
      compatible: false,
      incompatibility: `This version has no readable ${REMOTE_RELEASE_STAMP_FILE}, so its shared libraries cannot be checked.`,
    };
  }
  const problem = sharedRangesIncompatibility(shared, provides, (version, range) =>
    semver.satisfies(version, range, { includePrerelease: true }),
  );
  return problem === null
    ? { compatible: true, incompatibility: null }
    : { compatible: false, incompatibility: `${problem}.` };
}
