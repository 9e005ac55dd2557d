/**
 * `npm run bench`: every bench in turn, each printing its figures beside its bare baseline with the
 * ratio, the goal and the load average. The API's baseline is a bare Fastify app answering the same
 * bytes (goal ≥ 0.8×), with bare `node:http` printed beside it for context. The browser benches share
 * one started system (or BASE_URL). BENCH_QUICK=1 runs a quick pass with few samples.
 */
import { spawnSync } from 'node:child_process';
import { API_NODE_FLAGS } from '../api/src/node-flags';
import { ROOT } from '../e2e/support/system';
import { systemUnderBench } from './support/system-under-bench';

const tsx = require.resolve('tsx/cli', { paths: [ROOT] });

function run(script: string, env: Record<string, string> = {}, nodeFlags: readonly string[] = []): boolean {
  console.log(`\n$ npx tsx ${[...nodeFlags, script].join(' ')}`);
  const result = spawnSync(process.execPath, [tsx, ...nodeFlags, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return result.status === 0;
}

async function main() {
  let ok = run('bench/api/api-bench.ts');
  // The API runs inside the unlock bench's process: that process gets the flags `npm start` gives it.
  ok = run('bench/money/unlock-bench.ts', {}, API_NODE_FLAGS) && ok;
  const system = await systemUnderBench();
  try {
    ok = run('bench/first-screen.ts', { BASE_URL: system.baseUrl }) && ok;
    ok = run('bench/player/player-bench.ts', { BASE_URL: system.baseUrl }) && ok;
  } finally {
    await system.stop();
  }
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
