/**
 * Publishes one remote build under its own version, at an address that never changes:
 * `REMOTE_RELEASES_DIR/<remote>/<version>/` (default `var/remote-releases/`), served at
 * `/remotes/<remote>/<version>/`. It builds the remote with that version (or takes a built folder),
 * refuses a version already published (versions are immutable) and a build whose shared ranges do not
 * fit the singletons the shell provides, then moves the build in at once (copied to a temporary
 * folder beside it, renamed into place), so a page never sees half a version.
 *
 *   npm run publish-remote -- <remote> --version <version> [--from <dist folder>] [--shell <release.json>]
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import {
  REMOTE_RELEASE_STAMP_FILE,
  REMOTE_RELEASES_DIR_DEFAULT,
  REMOTE_VERSION_PATTERN,
  type RemoteReleaseStamp,
  type ShellReleaseStamp,
} from '@cliffhanger/shared/remote-releases';
import { sharedRangesIncompatibility } from '@cliffhanger/shared/remote-rollout';
import { REMOTE_CONTAINER_NAMES, REMOTE_IDS, type RemoteId } from '@cliffhanger/shared/routes';
import { satisfies } from 'semver';
import { ROOT } from './frontends';
import { CHUNK_LOADING_GLOBAL, chunkLoadingGlobalOf } from './webpack/chunk-global';

export class PublishRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishRefused';
  }
}

export interface PublishOptions {
  /** `wallet` or `mf-wallet`. */
  remote: string;
  version: string;
  /** A built folder to publish instead of building. */
  from?: string;
  /** Default: REMOTE_RELEASES_DIR, else var/remote-releases under the project. */
  releasesDir?: string;
  /** The exact versions the shell provides; default: the shell build's release.json, else the installed ones. */
  provides?: Record<string, string>;
  /** Builds the remote into a folder with the version (default: the production release build). */
  build?: (app: string, version: string, outDir: string) => Promise<void>;
  log?: (line: string) => void;
}

export interface Published {
  remote: RemoteId;
  version: string;
  folder: string;
  manifest: string;
  files: number;
}

export function releasesDir(): string {
  return path.resolve(ROOT, process.env.REMOTE_RELEASES_DIR || REMOTE_RELEASES_DIR_DEFAULT);
}

function remoteIdOf(name: string): RemoteId {
  const id = name.replace(/^mf-/, '');
  if (!(REMOTE_IDS as readonly string[]).includes(id)) {
    throw new PublishRefused(`There is no remote called "${name}" (one of: ${REMOTE_IDS.join(', ')})`);
  }
  return id as RemoteId;
}

/** What the live shell provides: its build's stamp when there is one, else the installed packages. */
export async function shellProvides(stampFile = path.join(ROOT, 'shell', 'dist', REMOTE_RELEASE_STAMP_FILE)) {
  if (existsSync(stampFile)) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as Partial<ShellReleaseStamp>;
    if (stamp.remote === 'shell' && stamp.provides) return stamp.provides;
  }
  const { providedVersions } = await import('./webpack/frontend-config');
  return providedVersions();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** Rewrites a file of the build, with its pre-compressed copies made again (or removed if small). */
function rewrite(file: string, text: string): void {
  const body = Buffer.from(text);
  writeFileSync(file, body);
  rmSync(`${file}.gz`, { force: true });
  rmSync(`${file}.br`, { force: true });
  if (body.length >= 1024) {
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

function rewriteJson(file: string, change: (json: Record<string, unknown>) => void): void {
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  rewrite(file, `${JSON.stringify(json, null, 2)}\n`);
}

/**
 * A build published under another name than it was built with gets that version's chunk loading
 * global, so it never takes the chunks of the build it was copied from (loaded by the same page) for its own.
 */
function renameChunkLoadingGlobal(folder: string, remote: RemoteId, version: string): void {
  const entry = path.join(folder, 'remoteEntry.js');
  if (!existsSync(entry)) return;
  const current = readFileSync(entry, 'utf8').match(CHUNK_LOADING_GLOBAL)?.[0];
  if (!current) return;
  const next = chunkLoadingGlobalOf(REMOTE_CONTAINER_NAMES[remote], version);
  for (const file of filesUnder(folder)) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(file, 'utf8');
    if (text.includes(current)) rewrite(file, text.split(current).join(next));
  }
}

/**
 * Chunks must load from the version folder: the manifest's public path has to be `auto` (resolved
 * from where the remote entry was fetched) or computed at run time; a fixed path would point elsewhere.
 */
function checkPublicPath(folder: string): void {
  const manifest = JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')) as {
    metaData?: { publicPath?: string; getPublicPath?: string };
  };
  const publicPath = manifest.metaData?.publicPath;
  if (manifest.metaData?.getPublicPath || publicPath === 'auto' || publicPath === undefined) return;
  throw new PublishRefused(
    `Its chunks would load from "${publicPath}", not from the version folder: build it with publicPath "auto"`,
  );
}

async function defaultBuild(app: string, version: string, outDir: string): Promise<void> {
  const { buildRelease } = await import('./build');
  await buildRelease({ app, version, outDir });
}

export async function publishRemote(options: PublishOptions): Promise<Published> {
  const log = options.log ?? ((line: string) => console.log(line));
  const remote = remoteIdOf(options.remote);
  const { version } = options;
  if (!new RegExp(REMOTE_VERSION_PATTERN).test(version)) {
    throw new PublishRefused(
      `"${version}" is not a version name: letters, digits, dots, "+" and "-", starting with a letter or digit`,
    );
  }
  const root = options.releasesDir ?? releasesDir();
  const folder = path.join(root, remote, version);
  const refuseExisting = () =>
    new PublishRefused(
      `${remote} ${version} is published already (${folder}); a version never changes: publish a new one`,
    );
  if (existsSync(folder)) throw refuseExisting();
  if (options.from && !existsSync(path.join(options.from, 'mf-manifest.json'))) {
    throw new PublishRefused(`${options.from} holds no built remote (no mf-manifest.json)`);
  }

  mkdirSync(path.join(root, remote), { recursive: true });
  // Beside the final folder (same file system, so the rename is atomic); dot-named, so never served as a version.
  const temp = mkdtempSync(path.join(root, remote, `.publishing-${version}-`));
  try {
    if (options.from) {
      log(`taking the build in ${options.from}`);
      cpSync(options.from, temp, { recursive: true, filter: (source) => path.basename(source) !== '.build-stamp' });
    } else {
      log(`building mf-${remote} ${version} …`);
      await (options.build ?? defaultBuild)(`mf-${remote}`, version, temp);
    }
    const stampFile = path.join(temp, REMOTE_RELEASE_STAMP_FILE);
    if (!existsSync(stampFile))
      throw new PublishRefused(`The build has no ${REMOTE_RELEASE_STAMP_FILE}: build it again`);
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as Partial<RemoteReleaseStamp>;
    if (stamp.remote !== remote) {
      throw new PublishRefused(`The build is of "${String(stamp.remote)}", not of ${remote}`);
    }
    if (!stamp.shared || typeof stamp.shared !== 'object') {
      throw new PublishRefused(`The build's ${REMOTE_RELEASE_STAMP_FILE} names no shared ranges`);
    }
    const provides = options.provides ?? (await shellProvides());
    const misfit = sharedRangesIncompatibility(stamp.shared, provides, (v, range) => satisfies(v, range));
    if (misfit) throw new PublishRefused(`${remote} ${version} is refused. ${misfit}`);
    checkPublicPath(temp);
    if (stamp.version !== version) {
      // A build taken as it is: the same files, named by the version they are published under.
      log(`the build was stamped ${String(stamp.version)}; publishing it as ${version}`);
      rewriteJson(stampFile, (json) => {
        json.version = version;
      });
      rewriteJson(path.join(temp, 'mf-manifest.json'), (json) => {
        const meta = json.metaData as { buildInfo?: Record<string, unknown> } | undefined;
        if (meta) meta.buildInfo = { ...meta.buildInfo, buildVersion: version };
      });
      renameChunkLoadingGlobal(temp, remote, version);
    }
    const files = filesUnder(temp).length;
    if (existsSync(folder)) throw refuseExisting();
    try {
      renameSync(temp, folder);
    } catch (error) {
      if (existsSync(folder)) throw refuseExisting();
      throw error;
    }
    const fingerprint = createHash('sha256')
      .update(readFileSync(path.join(folder, 'mf-manifest.json')))
      .digest('hex')
      .slice(0, 12);
    const manifest = `/remotes/${remote}/${version}/mf-manifest.json`;
    log(`published ${remote} ${version}: ${files} files in ${folder} (manifest ${fingerprint})`);
    log(`its address: ${manifest}; its shared ranges fit the shell's singletons`);
    return { remote, version, folder, manifest, files };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function parseArgs(args: string[]): PublishOptions {
  const value = (name: string) => {
    const at = args.indexOf(`--${name}`);
    if (at >= 0) return args[at + 1];
    return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const remote = positional[0];
  const version = value('version');
  if (!remote || !version) {
    throw new PublishRefused(
      'Usage: npm run publish-remote -- <remote> --version <version> [--from <dist folder>] [--shell <release.json>]',
    );
  }
  const from = value('from');
  return { remote, version, from: from ? path.resolve(from) : undefined };
}

if (require.main === module) {
  (async () => {
    const args = process.argv.slice(2);
    const options = parseArgs(args);
    const shell = args.includes('--shell') ? args[args.indexOf('--shell') + 1] : undefined;
    await publishRemote({ ...options, provides: shell ? await shellProvides(path.resolve(shell)) : undefined });
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
