/**
 * The demo catalogue as the API server's start-up job: the home screen's series is made and published
 * and the demo accounts are created (printed once) before the server listens; the other series are
 * made and published in the background (demo-catalogue-run.ts) until done or until the server stops.
 * SEED_DEMO=false skips all of it.
 */
import type { StartupJob } from '../../api/src/startup-job';
import { runDemoCatalogue } from './demo-catalogue-run';
import { ensureDemoAccounts } from './seed-demo-catalogue';

export const demoCatalogueJob: StartupJob = {
  async start(ctx, config, stop) {
    // Read when the server starts, after it has read the .env file.
    if (process.env.SEED_DEMO === 'false') return { rest: Promise.resolve() };
    const run = runDemoCatalogue(ctx, { mediaRoot: config.mediaRoot, signal: stop });
    await run.first;
    for (const account of await ensureDemoAccounts(ctx)) {
      console.log(
        `[seed] demo ${account.role} account: ${account.email} / ${account.password}  (shown once; use password reset if lost)`,
      );
    }
    const rest = run.finished.catch((error: unknown) => {
      if (!stop.aborted) console.error('[demo] the demo catalogue stopped:', error);
    });
    return { rest };
  },
};
