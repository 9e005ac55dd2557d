/**
 * `npm run bench`: every bench in turn, each printing its figures beside its bare baseline with the
 * ratio, the goal and the load average. The browser benches share one started system (or BASE_URL).
 * BENCH_QUICK=1 runs a quick pass with few samples.
 */
import { spawnSync } from 'node:child_process';
import { ROOT, type RunningSystem, startSystem, stopSystem } from '../e2e/support/system';
import { buildFrontends } from '../scripts/build';

const tsx = require.resolve('tsx/cli', { paths: [ROOT] });

function run(script: string, env: Record<string, string> = {}): boolean {
  console.log(`\n$ npx tsx ${script}`);
  const result = spawnSync(process.execPath, [tsx, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return result.status === 0;
}

async function main() {
  let ok = run('bench/api/api-bench.ts');
  ok = run('bench/money/unlock-bench.ts') && ok;
  let system: RunningSystem | undefined;
  let baseUrl = process.env.BASE_URL;
  try {
    if (!baseUrl) {
      await buildFrontends();
      system = await startSystem();
      baseUrl = system.baseUrl;
    }
    ok = run('bench/first-screen.ts', { BASE_URL: baseUrl }) && ok;
    ok = run('bench/player/player-bench.ts', { BASE_URL: baseUrl }) && ok;
  } finally {
    await stopSystem(system);
  }
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
