/**
 * Starts the API (and, by default, the built frontends) in one process: reads the environment,
 * migrates the database, generates the demo media on first start and seeds the demo catalogue, then
 * listens. SIGTERM/SIGINT close the server gracefully (in-flight requests finish, the database closes).
 */
import { buildApp } from './app';
import { configFromEnv } from './config';
import { prepareDemoMedia } from './demo/prepare-demo-media';
import { seedDemoCatalogue } from './demo/seed-demo-catalogue';

async function main() {
  const config = configFromEnv();
  const app = await buildApp(config);

  if (process.env.SEED_DEMO !== 'false') {
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
  console.log(`Cliffhanger is listening on ${address} (database: ${app.ctx.dbKind})`);
}

main().catch((error) => {
  console.error('Failed to start:', error);
  process.exit(1);
});
