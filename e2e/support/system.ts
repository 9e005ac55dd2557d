/**
 * Starts the built system for browser journeys: builds the frontends if they changed, then runs the
 * one-process server on a free port with a throw-away database (the demo media under var/ is reused),
 * and waits until the server says the whole demo catalogue is published: the journeys rely on it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_NODE_FLAGS } from '../../api/src/node-flags';
import { DEMO_CATALOGUE_INCOMPLETE, DEMO_CATALOGUE_READY } from '../../demo/src/demo-catalogue-run';

export const ROOT = path.resolve(__dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Resolves once a server started with piped output says its whole demo catalogue is published (it
 * serves as soon as the first series is); rejects when it says a series could not be made. The output
 * keeps being read (and dropped) afterwards, so a chatty server never blocks on a full pipe.
 */
export function waitForDemoCatalogue(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = '';
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => settle(new Error(`the demo catalogue was not ready within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      if (settled) return;
      tail = (tail + chunk.toString()).slice(-4000);
      if (tail.includes(DEMO_CATALOGUE_READY)) settle();
      else if (tail.includes(DEMO_CATALOGUE_INCOMPLETE))
        settle(new Error(`the demo catalogue could not be made:\n${tail}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => settle(new Error(`the server exited with code ${code}:\n${tail}`)));
  });
}

export interface RunningSystem {
  baseUrl: string;
  process: ChildProcess;
  dataDir: string;
}

export async function startSystem(extraEnv: Record<string, string> = {}): Promise<RunningSystem> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-e2e-'));
  // The API runs with the Node flags `npm start` gives it (api/src/node-flags.ts).
  const child = spawn(
    process.execPath,
    [require.resolve('tsx/cli', { paths: [ROOT] }), ...API_NODE_FLAGS, 'demo/src/server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLITE_PATH: path.join(dataDir, 'e2e.db'),
        SERVE_FRONTENDS: 'true',
        LOG_LEVEL: 'warn',
        // Journeys sign in many times from one address; the limit itself is proven by the API tests.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // Every journey's browser shares 127.0.0.1, hundreds of page loads a minute in a full run.
        RATE_LIMIT_PER_MINUTE: '1000000',
        USER_RATE_LIMIT_PER_MINUTE: '1000000',
        GUEST_SIGNUP_RATE_LIMIT_PER_MINUTE: '1000000',
        // Every journey's guests earn their rewards from 127.0.0.1; the bound is proven by the API tests.
        FREE_COINS_PER_ADDRESS_PER_DAY: '0',
        FREE_COINS_PER_DEVICE_PER_DAY: '0',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // The site answers once its first demo series is published; the others follow in the background.
  const catalogue =
    (extraEnv.SEED_DEMO ?? process.env.SEED_DEMO) === 'false'
      ? Promise.resolve()
      : waitForDemoCatalogue(child, 600_000);
  catalogue.catch(() => {}); // awaited below
  try {
    await waitForHttp(`${baseUrl}/api/health`, 600_000, child);
    await catalogue;
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.slice(-4000)}`);
  }
  return { baseUrl, process: child, dataDir };
}

export async function stopSystem(system: RunningSystem | undefined): Promise<void> {
  if (!system || system.process.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      system.process.kill('SIGKILL');
      resolve();
    }, 5_000);
    system.process.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    system.process.kill('SIGTERM');
  });
}
