/**
 * API_WORKERS=2: one port, two worker processes; a worker that dies is replaced while the other keeps
 * answering, and SIGTERM stops them all. Runs the real server.ts (SQLite, no demo seed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../../e2e/support/system';

const ROOT = resolve(__dirname, '..', '..', '..');

jest.setTimeout(180_000);

/** The health answer's status; a connection lost with the killed worker counts as 0. */
async function health(port: number): Promise<number> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) })).status;
  } catch {
    return 0;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the API as a cluster of workers', () => {
  let server: ChildProcess;
  let output = '';
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-cluster-'));

  /** Resolves when the output matches `pattern` `count` times; fails with the output after `timeoutMs`. */
  const seen = (pattern: RegExp, count: number, timeoutMs = 120_000) =>
    new Promise<void>((done, fail) => {
      const deadline = Date.now() + timeoutMs;
      const check = () => {
        if ((output.match(new RegExp(pattern.source, 'g')) ?? []).length >= count) {
          clearInterval(timer);
          done();
        } else if (server.exitCode !== null || Date.now() > deadline) {
          clearInterval(timer);
          fail(new Error(`no ${count}× ${pattern} (server exit code ${server.exitCode}):\n${output}`));
        }
      };
      const timer = setInterval(check, 100);
      check();
    });
  const workerPids = () => [...output.matchAll(/worker (\d+) is listening/g)].map((match) => Number(match[1]));

  beforeAll(async () => {
    port = await freePort();
    server = spawn(process.execPath, [require.resolve('tsx/cli', { paths: [ROOT] }), 'api/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        API_WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        SQLITE_PATH: join(dir, 'cluster.db'),
        VAR_DIR: dir,
        MEDIA_ROOT: join(dir, 'media'),
        SEED_DEMO: 'false',
        SERVE_FRONTENDS: 'false',
        LOG_LEVEL: 'silent',
        REDIS_URL: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await seen(/worker \d+ is listening/, 2);
  });
  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    for (const pid of workerPids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves one port from two processes and warns that limits and caches are per process without Redis', async () => {
    expect(new Set(workerPids()).size).toBe(2);
    expect(await health(port)).toBe(200);
    expect(output).toContain('REDIS_URL is not set');
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = workerPids() as [number, number];
    process.kill(victim, 'SIGKILL');
    await seen(/exited \(SIGKILL\); starting a new one/, 1);
    expect(await health(port)).toBe(200);
    await seen(/worker \d+ is listening/, 3);
    const replacement = workerPids()[2] as number;
    expect(alive(replacement)).toBe(true);
    expect(alive(survivor)).toBe(true);
    expect(await health(port)).toBe(200);
  });

  it('stops every worker on SIGTERM and exits cleanly', async () => {
    const exited = new Promise<number | null>((done) => server.once('exit', (code) => done(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workerPids()) expect(alive(pid)).toBe(false);
  });
});
