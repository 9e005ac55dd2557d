/**
 * `npm test`: every jest project (unit, component, saga, API and browser journeys) in one run, then the
 * closing line `N passed, N failed` as the very last line. Extra arguments go to jest.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const summaryFile = path.join(ROOT, 'var', 'test-summary.json');
rmSync(summaryFile, { force: true });

/**
 * The browser journeys need built frontends and the demo media; both are made here, with progress,
 * before jest starts, so no test waits on a first build inside its own time limit.
 */
async function prepareSystem(args: string[]) {
  const selected = args.indexOf('--selectProjects');
  const projects = selected === -1 ? null : args.slice(selected + 1).filter((a) => !a.startsWith('-'));
  if (projects && !projects.includes('e2e')) return;
  const { buildFrontends } = await import('./build');
  const { prepareDemoMedia } = await import('../api/src/demo/prepare-demo-media');
  await buildFrontends();
  await prepareDemoMedia(process.env.MEDIA_ROOT ?? path.join(ROOT, 'var', 'media'));
}

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** Each test file's run time, slowest first. */
  slowest: Array<{ file: string; seconds: number }>;
}

async function main() {
  const jest = require.resolve('jest/bin/jest', { paths: [ROOT] });
  await prepareSystem(process.argv.slice(2));
  const result = spawnSync(process.execPath, [jest, '--ci', ...process.argv.slice(2)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CLIFFHANGER_TEST_SUMMARY: summaryFile },
  });

  let summary: Summary = { passed: 0, failed: 1, skipped: 0, slowest: [] };
  if (existsSync(summaryFile)) summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  if (summary.slowest.length > 20) {
    console.log('\nslowest test files:');
    for (const { file, seconds } of summary.slowest.slice(0, 15))
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  }
  const failed = summary.failed + (result.status !== 0 && summary.failed === 0 ? 1 : 0);
  // Skipped tests are said on their own line: the last line stays exactly `N passed, N failed`.
  if (summary.skipped) console.log(`\n${summary.skipped} skipped`);
  console.log(`\n${summary.passed} passed, ${failed} failed`);
  process.exit(result.status ?? 1);
}

main().catch((error: unknown) => {
  console.error(error);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
