/**
 * Starts the API (and, by default, the built frontends): reads the environment, migrates the database,
 * runs the start-up job registered with it (startup-job.ts; the demo workspace's `demo/src/server.ts`
 * registers the demo catalogue: its home screen series before the server listens, the rest in the
 * background), then listens. SIGTERM/SIGINT stop that work and close the server gracefully (in-flight
 * requests finish, the database closes).
 *
 * With API_WORKERS > 1 this process becomes the primary of a cluster (cluster.ts): it prepares the
 * database once and forks that many workers, which run this file again and only listen.
 */
import cluster from 'node:cluster';
import { buildApp } from './app';
import { runCluster } from './cluster';
import { type AppConfig, configFromEnv, workersFromEnv } from './config';
import { loadEnvFile } from './env-file';
import { reachability } from './http/local-only';
import type { TypedFastify } from './http/type-provider';
import { reportStartupChecks, startupChecks } from './startup-checks';
import { startupJob } from './startup-job';

/** Runs the registered start-up job's first part; answers the rest, which goes on until done or `stop`. */
async function runStartupJob(
  app: TypedFastify,
  config: AppConfig,
  stop: AbortSignal,
): Promise<{ rest: Promise<void> }> {
  const job = startupJob();
  return job ? job.start(app.ctx, config, stop) : { rest: Promise.resolve() };
}

/** Builds the app and listens; `prepare` migrates and runs the start-up job first (a single process, not a worker). */
async function serve(config: AppConfig, prepare: boolean) {
  const app = await buildApp(config, { migrate: prepare });
  const stopJob = new AbortController();
  const background = prepare ? (await runStartupJob(app, config, stopJob.signal)).rest : Promise.resolve();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      // The start-up job stops first (the demo's ffmpeg runs end, its temporaries are left for the next start).
      stopJob.abort(new Error(`${signal} received`));
      await background;
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
        // The rest of the start-up job (the demo catalogue) goes on in the primary while the workers serve.
        const { rest } = await runStartupJob(app, config, new AbortController().signal);
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
