/**
 * Requests per second and latency of the hot read paths — the series list, a series detail and the
 * public-view poll every open tab sends each 2 s — each beside a bare Fastify hello-world measured in
 * the same run on the same machine, printed as a ratio (aims: list ≥ 0.5×, poll ≥ 0.7×).
 * The API runs as its own process on the embedded SQLite database with the demo catalogue and its
 * answer caches on, as `npm start` runs it. Hello-world is measured first and last and its mean is the
 * base, so a change of machine load during the run shows rather than skews one ratio.
 *
 *   npx tsx bench/api/api-bench.ts        (BENCH_SECONDS=8 BENCH_CONNECTIONS=50 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, ROOT, waitForHttp } from '../../e2e/support/system';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const tsx = require.resolve('tsx/cli', { paths: [ROOT] });

function launch(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [tsx, script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const [apiPort, helloPort] = [await freePort(), await freePort()];
  const data = mkdtempSync(path.join(tmpdir(), 'cliffhanger-bench-'));
  const api = launch('api/src/server.ts', {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    SQLITE_PATH: path.join(data, 'bench.db'),
    SERVE_FRONTENDS: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const hello = launch('bench/api/hello-server.ts', { PORT: String(helloPort) });
  try {
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForHttp(`${apiUrl}/api/health`, 600_000, api);
    await waitForHttp(`http://127.0.0.1:${helloPort}/hello`, 60_000, hello);

    const list = (await (await fetch(`${apiUrl}/api/series/?limit=20`)).json()) as { results: Array<{ id: number }> };
    const seriesId = list.results[0]?.id;
    if (!seriesId) throw new Error('the demo catalogue is empty');
    const guest = (await (
      await fetch(`${apiUrl}/api/user/signup/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Token cliffhanger-web' },
        body: JSON.stringify({
          id: 'benchguest0000000001',
          age: 30,
          gender: 2,
          web: true,
          email: 'bench@guest.cliffhanger.app',
        }),
      })
    ).json()) as { access: string; user: { id: number } };

    const loadBefore = loadavg();
    const rows: Row[] = [];
    rows.push(await load('hello-world (bare Fastify), first', { url: `http://127.0.0.1:${helloPort}/hello` }));
    rows.push(
      await load('GET /api/series/ (limit 20)', { url: `${apiUrl}/api/series/?limit=20&ordering=-created_at` }),
    );
    rows.push(await load(`GET /api/series/${seriesId}/`, { url: `${apiUrl}/api/series/${seriesId}/` }));
    rows.push(
      await load('POST /feed-api/user/public-view/', {
        url: `${apiUrl}/feed-api/user/public-view/`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.access}` },
        body: JSON.stringify({ id: guest.user.id }),
      }),
    );

    rows.push(await load('hello-world (bare Fastify), last', { url: `http://127.0.0.1:${helloPort}/hello` }));
    const base = ((rows[0]?.rps ?? 0) + (rows[rows.length - 1]?.rps ?? 0)) / 2;
    const loadAfter = loadavg();
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, SQLite, one API process, caches on`);
    console.log(
      `load average before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, after ${loadAfter.map((v) => v.toFixed(2)).join(' ')} (2 cores, autocannon on the same machine); × hello is against the mean of both hello runs`,
    );
    console.log(
      `${'route'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× hello'.padStart(8)} errors`,
    );
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(36)} ${String(row.rps).padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${(row.rps / base).toFixed(2).padStart(8)} ${row.errors}`,
      );
    }
  } finally {
    api.kill('SIGTERM');
    hello.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
