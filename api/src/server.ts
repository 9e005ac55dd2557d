/**
 * Starts the API (and, by default, the built frontends): reads the environment, migrates the database,
 * makes and publishes the home screen's demo series on first start, then listens while the rest of the
 * demo catalogue is made and published in the background (demo/demo-catalogue-run.ts). SIGTERM/SIGINT
 * stop that work and close the server gracefully (in-flight requests finish, the database closes).
 *
 * With API_WORKERS > 1 this process becomes the primary of a cluster (cluster.ts): it prepares the
 * database once and forks that many workers, which run this file again and only listen.
 */
import cluster from 'node:cluster';
import { buildApp } from './app';
import { runCluster } from './cluster';
import { type AppConfig, configFromEnv, workersFromEnv } from './config';
import { runDemoCatalogue } from './demo/demo-catalogue-run';
import { ensureDemoAccounts } from './demo/seed-demo-catalogue';
import { loadEnvFile } from './env-file';
import { reachability } from './http/local-only';
import type { TypedFastify } from './http/type-provider';
import { reportStartupChecks, startupChecks } from './startup-checks';

/**
 * Publishes the home screen's demo series and creates the demo accounts; answers the rest of the demo
 * catalogue's work, which goes on in the background until done or until `stop` is aborted.
 */
async function seed(app: TypedFastify, config: AppConfig, stop: AbortSignal): Promise<{ rest: Promise<void> }> {
  if (process.env.SEED_DEMO === 'false') return { rest: Promise.resolve() };
  const run = runDemoCatalogue(app.ctx, { mediaRoot: config.mediaRoot, signal: stop });
  await run.first;
  for (const account of await ensureDemoAccounts(app.ctx)) {
    console.log(
      `[seed] demo ${account.role} account: ${account.email} / ${account.password}  (shown once; use password reset if lost)`,
    );
  }
  const rest = run.finished.catch((error: unknown) => {
    if (!stop.aborted) console.error('[demo] the demo catalogue stopped:', error);
  });
  return { rest };
}

/** Builds the app and listens; `prepare` migrates and seeds first (a single process, not a worker). */
async function serve(config: AppConfig, prepare: boolean) {
  const app = await buildApp(config, { migrate: prepare });
  const stopDemo = new AbortController();
  const demo = prepare ? (await seed(app, config, stopDemo.signal)).rest : Promise.resolve();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      // The demo work stops first (its ffmpeg runs end, its temporaries are left for the next start).
      stopDemo.abort(new Error(`${signal} received`));
      await demo;
      await app.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const who = cluster.isWorker ? `worker ${process.pid}` : 'Cliffhanger';
  console.log(`${who} is listening on ${address} (database: ${app.ctx.dbKind})`);
  if (!cluster.isWorker) console.log(reachability(config));
}

async function main() {
  const envFile = loadEnvFile();
  if (envFile && !cluster.isWorker)
    console.log(`Settings read from ${envFile} (the environment wins where both set one)`);
  // ffmpeg present; the demo checkout said out loud. A worker's primary has checked already.
  if (!cluster.isWorker && !reportStartupChecks(startupChecks())) process.exit(1);
  const config = configFromEnv();
  const workers = workersFromEnv();
  if (cluster.isWorker) return serve(config, false);
  if (workers <= 1) return serve(config, true);
  await runCluster({
    workers,
    exec: __filename,
    prepare: async () => {
      const app = await buildApp(config);
      try {
        // The rest of the demo catalogue is published by the primary while the workers serve.
        const { rest } = await seed(app, config, new AbortController().signal);
        void rest.finally(() => app.close());
      } catch (error) {
        await app.close();
        throw error;
      }
    },
  });
}

main().catch((error) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
