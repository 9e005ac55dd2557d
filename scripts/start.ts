/**
 * `npm start`: builds the frontends that are not built yet and makes the demo series the home screen
 * shows first if it is not made yet (side by side, with progress), then runs the API in this same
 * process, serving the shell, every remote, the API and the media feed from one port (PORT, 8080). On
 * first start the API migrates the embedded database, publishes that series and makes and publishes
 * the rest of the demo catalogue in the background, a log line per series. When the site answers, a
 * line says how long it took: `Site up in N s: <address>`. A later start finds everything made and
 * takes seconds.
 */
import { isAbsolute, resolve } from 'node:path';
import { REPO_ROOT } from '../api/src/config';
import { ensureFfmpeg } from '../api/src/domains/media/ffmpeg-install';
import { loadEnvFile } from '../api/src/env-file';
import { reportStartupChecks, startupChecks } from '../api/src/startup-checks';
import { buildFrontends } from './build';

const HEALTH_PATH = '/api/health';
const WAIT_FOR_SITE_MS = 10 * 60_000;

export function siteUpLine(seconds: number, address: string): string {
  return `Site up in ${Math.round(seconds)} s: ${address}`;
}

/** Where this machine reaches the server: a wildcard HOST is reached on loopback. */
export function localAddress(env: NodeJS.ProcessEnv): string {
  const host = env.HOST?.trim() || '127.0.0.1';
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const port = env.PORT?.trim() || '8080';
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

async function waitForSite(address: string): Promise<boolean> {
  const deadline = Date.now() + WAIT_FOR_SITE_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${address}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

async function main() {
  // Counted from the start of this process, which npm starts at once.
  const startedAt = performance.timeOrigin;
  const elapsed = () => (Date.now() - startedAt) / 1000;
  // .env first, so what it says (SERVE_FRONTENDS, PORT …) counts for everything below.
  const envFile = loadEnvFile();
  if (envFile) console.log(`[start] settings read from ${envFile}`);
  // ffmpeg before minutes of building, installed here where it can be; the server prints the warnings.
  if (!(await ensureFfmpeg()) || !reportStartupChecks({ errors: startupChecks().errors, warnings: [] }))
    process.exit(1);

  process.env.SERVE_FRONTENDS ??= 'true';
  const frontends = process.env.SERVE_FRONTENDS !== 'false';
  const demo = process.env.SEED_DEMO !== 'false';
  console.log(
    `[start] Node ${process.version}; preparing${frontends ? ' the frontends' : ''}${frontends && demo ? ' and' : ''}${demo ? ' the first demo series' : ''} (done once; later starts reuse them)`,
  );
  // Webpack is mostly one thread and the encoder uses what is left: side by side beats one after the
  // other. The other demo series are made once the site is up, by the server.
  await Promise.all([
    frontends ? buildFrontends() : Promise.resolve([]),
    demo
      ? import('../demo/src/prepare-demo-media').then(({ prepareFirstDemoSeries }) => {
          const setting = process.env.MEDIA_ROOT ?? 'var/media';
          return prepareFirstDemoSeries(isAbsolute(setting) ? setting : resolve(REPO_ROOT, setting));
        })
      : Promise.resolve(null),
  ]);
  console.log(`[start] ready to serve after ${elapsed().toFixed(0)} s; starting the server`);
  // The API with the demo catalogue's start-up job (the API alone, api/src/server.ts, makes none).
  await import('../demo/src/server');
  const address = localAddress(process.env);
  if (await waitForSite(address)) console.log(siteUpLine(elapsed(), address));
  else console.error(`[start] the server did not answer ${address}${HEALTH_PATH} within 10 minutes`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
