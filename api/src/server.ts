/**
 * Starts the API (and, by default, the built frontends): reads the environment, migrates the database,
 * generates the demo media on first start and seeds the demo catalogue, then listens. SIGTERM/SIGINT
 * close the server gracefully (in-flight requests finish, the database closes).
 *
 * With API_WORKERS > 1 this process becomes the primary of a cluster (cluster.ts): it prepares the
 * database once and forks that many workers, which run this file again and only listen.
 */
import cluster from 'node:cluster';
import { buildApp } from './app';
import { runCluster } from './cluster';
import { type AppConfig, configFromEnv, workersFromEnv } from './config';
import { prepareDemoMedia } from './demo/prepare-demo-media';
import { seedDemoCatalogue } from './demo/seed-demo-catalogue';
import { loadEnvFile } from './env-file';
import { reachability } from './http/local-only';
import type { TypedFastify } from './http/type-provider';
import { reportStartupChecks, startupChecks } from './startup-checks';

async function seed(app: TypedFastify, config: AppConfig) {
  if (process.env.SEED_DEMO === 'false') return;
  const catalogue = await prepareDemoMedia(config.mediaRoot);
  const seeded = await seedDemoCatalogue(app.ctx, catalogue);
  if (seeded.catalogueSeeded)
    console.log(`[seed] demo catalogue: ${seeded.seriesCount} series, ${seeded.episodeCount} episodes`);
  for (const account of seeded.createdAccounts) {
    console.log(
      `[seed] demo ${account.role} account: ${account.email} / ${account.password}  (shown once; use password reset if lost)`,
    );
  }
}

/** Builds the app and listens; `prepare` migrates and seeds first (a single process, not a worker). */
async function serve(config: AppConfig, prepare: boolean) {
  const app = await buildApp(config, { migrate: prepare });
  if (prepare) await seed(app, config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
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
        await seed(app, config);
      } finally {
        await app.close();
      }
    },
  });
}

main().catch((error) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
