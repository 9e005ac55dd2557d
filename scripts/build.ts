/**
 * Builds the frontends for production. Without `--force` only what changed since its last build is
 * rebuilt (a fingerprint of the app's sources, the shared package and the lockfile is kept in
 * `dist/.build-stamp`), so `npm start` is quick after the first time. Progress is printed per app.
 * `--release` builds one app as a named release into a folder of its own (see `buildRelease`).
 *
 *   tsx scripts/build.ts [--force] [app ...]
 *   tsx scripts/build.ts --release=<version> --out=<folder> <app>
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { distOf, FRONTENDS, ROOT } from './frontends';
import { asRelease } from './webpack/frontend-config';

const STAMP = '.build-stamp';

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) filesUnder(full, out);
    else out.push(full);
  }
  return out;
}

export function fingerprint(app: string): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(ROOT, app, 'src')),
    ...filesUnder(path.join(ROOT, app, 'public')),
    path.join(ROOT, 'scripts', 'webpack', 'harness.html'),
    path.join(ROOT, app, 'webpack.config.ts'),
    path.join(ROOT, app, 'package.json'),
    ...filesUnder(path.join(ROOT, 'shared', 'src')),
    path.join(ROOT, 'scripts', 'webpack', 'frontend-config.ts'),
    path.join(ROOT, 'package-lock.json'),
  ].sort();
  // A build stamps its version (release.json): another REMOTE_VERSION is another build.
  hash.update(process.env.REMOTE_VERSION ?? '');
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function isBuilt(app: string): boolean {
  const stamp = path.join(distOf(app), STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint(app);
}

async function loadConfig(app: string): Promise<Configuration> {
  const module = (await import(path.join(ROOT, app, 'webpack.config.ts'))) as {
    default: ((mode: string) => Configuration) | { default: (mode: string) => Configuration };
  };
  const factory = typeof module.default === 'function' ? module.default : module.default.default;
  return factory('production');
}

function run(configs: Configuration[]): Promise<void> {
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) {
        return reject(new Error(stats?.toString({ colors: false, all: false, errors: true }) ?? 'build failed'));
      }
      resolve();
    });
  });
}

/**
 * Several processes may ask for a build at once (a test run and a start); one builds, the others wait
 * and then find the builds up to date. The lock names its owner: a lock whose process is gone (killed
 * mid-build) is taken over at once.
 */
function ownerAlive(lock: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; anything else: no owner (or no pid yet).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(ROOT, 'var', 'build.lock');
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 2_000 && !ownerAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function buildFrontends(options: { force?: boolean; apps?: string[] } = {}): Promise<string[]> {
  return withBuildLock(() => buildUnlocked(options));
}

async function buildUnlocked(options: { force?: boolean; apps?: string[] }): Promise<string[]> {
  const wanted = FRONTENDS.filter((f) => !options.apps?.length || options.apps.includes(f.app));
  const todo = wanted.filter((f) => options.force || !isBuilt(f.app));
  if (todo.length === 0) {
    console.log('frontends: up to date');
    return [];
  }
  const last = new Map<string, number>();
  const configs = await Promise.all(
    todo.map(async (f) => {
      const config = await loadConfig(f.app);
      config.plugins = [
        ...(config.plugins ?? []),
        new webpack.ProgressPlugin((percentage) => {
          const step = Math.floor(percentage * 10);
          if (step !== last.get(f.app)) {
            last.set(f.app, step);
            console.log(`building ${f.app.padEnd(10)} ${String(step * 10).padStart(3)}%`);
          }
        }),
      ];
      return config;
    }),
  );
  const started = Date.now();
  // Fingerprints are taken before building: a file changed during the build leaves a stale stamp,
  // so the next start rebuilds rather than trusting output made from older sources.
  const stamps = new Map(todo.map((f) => [f.app, fingerprint(f.app)]));
  console.log(`building ${todo.map((f) => f.app).join(', ')} …`);
  await run(configs);
  for (const f of todo) writeFileSync(path.join(distOf(f.app), STAMP), stamps.get(f.app) as string);
  console.log(`frontends built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return todo.map((f) => f.app);
}

/**
 * Builds one frontend as a named release into `outDir` (emptied first), leaving its `dist` alone: every
 * hashed file is renamed by the version and the federation manifest carries it. A team deploys it by
 * copying the folder over the live one, so pages already open keep finding their old chunks.
 */
export async function buildRelease(options: { app: string; version: string; outDir: string }): Promise<void> {
  if (!FRONTENDS.some((f) => f.app === options.app)) throw new Error(`No frontend is called "${options.app}"`);
  return withBuildLock(async () => {
    const started = Date.now();
    console.log(`building ${options.app} release ${options.version} into ${options.outDir} …`);
    await run([asRelease(await loadConfig(options.app), options.version, path.resolve(options.outDir))]);
    console.log(`${options.app} release built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

function option(args: string[], name: string): string | undefined {
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const apps = args.filter((a) => !a.startsWith('--'));
  const release = option(args, 'release');
  const outDir = option(args, 'out');
  const work =
    release !== undefined
      ? apps.length === 1 && outDir
        ? buildRelease({ app: apps[0], version: release, outDir })
        : Promise.reject(new Error('A release builds one app into a folder: --release=<version> --out=<folder> <app>'))
      : buildFrontends({ force: args.includes('--force'), apps });
  work.catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
