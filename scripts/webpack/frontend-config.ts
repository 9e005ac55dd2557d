/**
 * The one webpack configuration of every frontend, as a function of the app's name and what it exposes.
 * Each frontend is its own federated build (`@module-federation/enhanced`): the shell as the host with no
 * compiled-in remote, each remote as a container with `./module` and its named components.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { REMOTE_RELEASE_STAMP_FILE, SHARED_SINGLETONS } from '@cliffhanger/shared/remote-releases';
import { sharedPackageOf } from '@cliffhanger/shared/remote-rollout';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { chunkLoadingGlobalOf } from './chunk-global';

export const ROOT = path.resolve(__dirname, '../..');

/** One copy of each on the page, whatever remotes load (the list lives in shared, read by the API too). */
export const SINGLETONS = SHARED_SINGLETONS;

function versionOf(pkg: string): string {
  const base = pkg.startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0];
  const manifest = require.resolve(`${base}/package.json`, { paths: [ROOT] });
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

export function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = versionOf(name);
      const major = version.split('.')[0];
      return [name, { singleton: true, version, requiredVersion: `^${major}.0.0 || ${version}` }];
    }),
  );
}

/** Copies `public/` (all but the html template) next to the build, as the dev server serves it. */
class CopyPublicPlugin {
  constructor(private readonly appDir: string) {}
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tap('CopyPublicPlugin', (compilation) => {
      const from = path.join(this.appDir, 'public');
      if (!existsSync(from)) return;
      cpSync(from, compilation.outputOptions.path as string, {
        recursive: true,
        filter: (source) => path.basename(source) !== 'index.html',
      });
    });
  }
}

/**
 * Writes `.gz` and `.br` beside every text asset of a production build, so the servers send compressed
 * bytes without compressing on each request (@fastify/static `preCompressed`, nginx `gzip_static`).
 */
class PrecompressPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const dist = compilation.outputOptions.path as string;
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(dist)) {
        if (!/\.(js|css|html|json|svg)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    });
  }
}

/**
 * Marks a production build as one release: every hashed file gets a new name (`output.hashSalt`), so
 * a release never overwrites a file an open page may still ask for, and its `release.json` and
 * federation manifest say which release it is.
 */
export function asRelease(config: Configuration, version: string, outputPath?: string): Configuration {
  if (!/^[\w.+-]{1,64}$/.test(version)) {
    throw new Error(`A release version is letters, digits and ".+-_" (at most 64), got "${version}"`);
  }
  const container = String(config.output?.uniqueName ?? config.name ?? 'app');
  return {
    ...config,
    output: {
      ...config.output,
      hashSalt: version,
      ...(config.output?.chunkLoadingGlobal ? { chunkLoadingGlobal: chunkLoadingGlobalOf(container, version) } : {}),
      ...(outputPath ? { path: outputPath } : {}),
    },
    plugins: (config.plugins ?? []).map((plugin) =>
      plugin instanceof ReleaseStampPlugin ? plugin.withVersion(version) : plugin,
    ),
  };
}

type PackageJson = {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const readPackage = (dir: string): PackageJson => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

function declaredRange(pkg: PackageJson, name: string): string | undefined {
  return pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name] ?? pkg.devDependencies?.[name];
}

/**
 * What a remote build asks of the shell: for each shared singleton, the range its package.json (or the
 * root's) declares, else the range the federation config requires.
 */
export function sharedRangesOf(appDir: string): Record<string, string> {
  const own = readPackage(appDir);
  const root = readPackage(ROOT);
  const shared = sharedSingletons();
  const ranges: Record<string, string> = {};
  for (const request of SINGLETONS) {
    const name = sharedPackageOf(request);
    if (ranges[name]) continue;
    ranges[name] = declaredRange(own, name) ?? declaredRange(root, name) ?? shared[request].requiredVersion;
  }
  return ranges;
}

/** What the shell provides: the exact installed version of each shared singleton's package. */
export function providedVersions(): Record<string, string> {
  const provides: Record<string, string> = {};
  for (const request of SINGLETONS) provides[sharedPackageOf(request)] ??= versionOf(request);
  return provides;
}

/**
 * Writes `release.json` (RemoteReleaseStamp, or ShellReleaseStamp for the shell) into every build and
 * the version into the federation manifest (`metaData.buildInfo.buildVersion`). The version is the
 * release's (`asRelease`), else `REMOTE_VERSION`, else the package's version and a short content hash.
 */
export class ReleaseStampPlugin {
  constructor(private readonly options: { app: string; remote: string; isHost: boolean; version?: string }) {}
  withVersion(version: string): ReleaseStampPlugin {
    return new ReleaseStampPlugin({ ...this.options, version });
  }
  apply(compiler: webpack.Compiler) {
    const appDir = path.join(ROOT, this.options.app);
    compiler.hooks.thisCompilation.tap('ReleaseStampPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the federation plugin has written its manifest (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER).
        { name: 'ReleaseStampPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const version =
            this.options.version ||
            process.env.REMOTE_VERSION ||
            `${readPackage(appDir).version ?? '0.0.0'}+${(compilation.hash ?? '').slice(0, 8)}`;
          const builtAt = new Date().toISOString();
          const stamp = this.options.isHost
            ? { remote: 'shell', version, built_at: builtAt, provides: providedVersions() }
            : { remote: this.options.remote, version, built_at: builtAt, shared: sharedRangesOf(appDir) };
          compilation.emitAsset(
            REMOTE_RELEASE_STAMP_FILE,
            new webpack.sources.RawSource(`${JSON.stringify(stamp, null, 2)}\n`),
          );
          for (const file of ['mf-manifest.json', 'mf-stats.json']) {
            const asset = compilation.getAsset(file);
            if (!asset) continue;
            const json = JSON.parse(asset.source.source().toString()) as {
              metaData: { buildInfo?: { buildVersion?: string } };
            };
            json.metaData.buildInfo = { ...json.metaData.buildInfo, buildVersion: version };
            compilation.updateAsset(file, new webpack.sources.RawSource(JSON.stringify(json, null, 2)));
          }
        },
      );
    });
  }
}

export interface FrontendOptions {
  /** The workspace folder: 'shell', 'mf-catalog', … */
  app: string;
  /** The federation container name ('shell', 'mf_catalog', …). */
  name: string;
  exposes?: Record<string, string>;
  mode: 'production' | 'development';
  /** The html page title of the app (the shell, or a remote's standalone harness). */
  title: string;
  devPort?: number;
  devServer?: DevServerConfiguration;
}

function sourcesFingerprint(appDir: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .sort((a, b) => a.name.localeCompare(b.name))
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      : [];
  const files = [
    ...walk(path.join(appDir, 'src')),
    ...walk(path.join(ROOT, 'shared', 'src')),
    path.join(appDir, 'package.json'),
    path.join(ROOT, 'package-lock.json'),
  ];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 10);
}

/** The remote id of a workspace folder: `mf-wallet` → `wallet`. */
export const remoteOf = (app: string) => app.replace(/^mf-/, '');

export function createFrontendConfig(options: FrontendOptions): Configuration {
  const appDir = path.join(ROOT, options.app);
  const isHost = !options.exposes;
  const production = options.mode === 'production';
  return {
    name: options.app,
    mode: options.mode,
    context: appDir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(appDir, 'dist'),
      // Remotes resolve their chunks next to their own remote entry, wherever they are deployed.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: options.name,
      ...(isHost
        ? {}
        : {
            chunkLoadingGlobal: chunkLoadingGlobalOf(
              options.name,
              process.env.REMOTE_VERSION || sourcesFingerprint(appDir),
            ),
          }),
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.(t|j)sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: options.exposes,
        remotes: {},
        shared: sharedSingletons(),
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new HtmlWebpackPlugin({
        // The shell has its own page; every remote's standalone harness shares one.
        template: isHost ? path.join(appDir, 'public/index.html') : path.join(__dirname, 'harness.html'),
        title: options.title,
        chunks: ['main'],
        scriptLoading: 'defer',
      }),
      new CopyPublicPlugin(appDir),
      new ReleaseStampPlugin({ app: options.app, remote: remoteOf(options.app), isHost }),
      ...(production ? [new PrecompressPlugin()] : []),
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(options.mode) }),
    ],
    optimization: {
      minimize: production,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devServer: {
      port: options.devPort,
      hot: false,
      liveReload: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: { directory: path.join(appDir, 'public'), publicPath: '/' },
      ...options.devServer,
    },
  };
}
