/**
 * `npm test`: every jest project (unit, component, saga, API and browser journeys), then the closing
 * line `N passed, N failed` as the very last line. Extra arguments go to jest.
 *
 * Without arguments the browser journeys run in a jest process of their own beside the one that runs
 * every other project (which starts at once, while the frontends are built for the journeys): jest keeps one worker on these 2-core machines, and the journeys spend much of
 * their time waiting (a browser rendering, a remote's 5 s time-out) while the unit and API tests keep a
 * core busy. The journeys' output is kept in var/test-e2e.log and printed when both have ended.
 * TEST_SIDE_BY_SIDE=false runs everything in one process, one project after another.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const VAR = path.join(ROOT, 'var');

/** Every project but the browser journeys, as jest.config.js names them. */
const WITHOUT_JOURNEYS: string[] = (
  require('../jest.config.js') as { projects: Array<{ displayName: string }> }
).projects
  .map((project) => project.displayName)
  .filter((name) => name !== 'e2e');

/**
 * The browser journeys need built frontends and the demo media; both are made here, with progress,
 * before jest starts, so no test waits on a first build inside its own time limit.
 */
async function prepareSystem(args: string[]) {
  const selected = args.indexOf('--selectProjects');
  const projects = selected === -1 ? null : args.slice(selected + 1).filter((a) => !a.startsWith('-'));
  if (projects && !projects.includes('e2e')) return;
  const { buildFrontends } = await import('./build');
  const { prepareDemoMedia } = await import('../demo/src/prepare-demo-media');
  await buildFrontends();
  await prepareDemoMedia(process.env.MEDIA_ROOT ?? path.join(VAR, 'media'));
}

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** Each test file's run time, slowest first. */
  slowest: Array<{ file: string; seconds: number }>;
}

interface Run {
  summary: Summary;
  status: number | null;
}

/** One jest process; its output goes to ours, or to `log` (a file) when given. */
function runJest(args: string[], summaryFile: string, log?: string): Promise<Run> {
  rmSync(summaryFile, { force: true });
  const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
  const child = spawn(process.execPath, [jest, '--ci', ...args], {
    cwd: ROOT,
    stdio: log === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CLIFFHANGER_TEST_SUMMARY: summaryFile },
  });
  if (log !== undefined) {
    const out = createWriteStream(log);
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      let summary: Summary = { passed: 0, failed: 1, skipped: 0, slowest: [] };
      if (existsSync(summaryFile)) summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
      // A jest that failed without a failing test (a crash, a suite that could not load) counts as one.
      if (status !== 0 && summary.failed === 0) summary = { ...summary, failed: 1 };
      resolve({ summary, status });
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  mkdirSync(VAR, { recursive: true });
  const sideBySide = args.length === 0 && process.env.TEST_SIDE_BY_SIDE !== 'false';
  let runs: Run[];
  if (sideBySide) {
    // The other tests need neither the builds nor the demo media: they start at once.
    const rest = runJest(['--selectProjects', ...WITHOUT_JOURNEYS], path.join(VAR, 'test-summary.json'));
    await prepareSystem(args);
    const journeysLog = path.join(VAR, 'test-e2e.log');
    console.log(`Browser journeys run beside the other tests; their output is kept in ${journeysLog}.`);
    const journeys = runJest(['--selectProjects', 'e2e'], path.join(VAR, 'test-summary-e2e.json'), journeysLog).then(
      (run) => {
        console.log(`\nBrowser journeys ended: ${run.summary.passed} passed, ${run.summary.failed} failed.`);
        return run;
      },
    );
    runs = await Promise.all([rest, journeys]);
    console.log('\nBrowser journeys (var/test-e2e.log):\n');
    process.stdout.write(readFileSync(journeysLog, 'utf8'));
  } else {
    await prepareSystem(args);
    runs = [await runJest(args, path.join(VAR, 'test-summary.json'))];
  }

  const total = runs.reduce(
    (sum, { summary }) => ({
      passed: sum.passed + summary.passed,
      failed: sum.failed + summary.failed,
      skipped: sum.skipped + summary.skipped,
      slowest: [...sum.slowest, ...summary.slowest],
    }),
    { passed: 0, failed: 0, skipped: 0, slowest: [] } as Summary,
  );
  total.slowest.sort((a, b) => b.seconds - a.seconds);
  if (total.slowest.length > 20) {
    console.log('\nslowest test files:');
    for (const { file, seconds } of total.slowest.slice(0, 15))
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
  // Skipped tests are said on their own line: the last line stays exactly `N passed, N failed`.
  if (total.skipped) console.log(`\n${total.skipped} skipped`);
  console.log(`\n${total.passed} passed, ${total.failed} failed`);
  process.exit(runs.every((run) => run.status === 0) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
