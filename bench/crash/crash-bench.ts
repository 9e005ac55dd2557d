/**
 * The crash-safety run (api/test/crash/crash-run.ts) at full length on both databases: purchases,
 * unlocks, reward claims and staff grants under load while the API is SIGKILLed at random moments and
 * restarted on the same database, then the integrity, balance = ledger, exactly-once and
 * retries-add-nothing checks. Prints one row per database and every broken rule; exits 1 on any.
 *
 *   npx tsx bench/crash/crash-bench.ts      (CRASH_KILLS=25 CRASH_VIEWERS=4 CRASH_MAX_UP_MS=900 CRASH_SEED=random)
 */
import { type CrashRunReport, runCrashScenario } from '../../api/test/crash/crash-run';
import { postgresUrl } from '../support/bench-app';

const KILLS = Number(process.env.CRASH_KILLS ?? 25);
const VIEWERS = Number(process.env.CRASH_VIEWERS ?? 4);
const MAX_UP_MS = Number(process.env.CRASH_MAX_UP_MS ?? 900);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

async function main() {
  console.log(`Crash bench: ${KILLS} SIGKILLs per database, ${VIEWERS} viewers, seed ${SEED} (CRASH_SEED replays it)`);
  const log = (line: string) => console.log(`  ${line}`);
  const reports: CrashRunReport[] = [];
  console.log('SQLite:');
  reports.push(
    await runCrashScenario({ kind: 'sqlite', kills: KILLS, seed: SEED, viewers: VIEWERS, maxUpMs: MAX_UP_MS, log }),
  );
  const url = await postgresUrl();
  if (url) {
    console.log('PostgreSQL (fresh schema):');
    reports.push(
      await runCrashScenario({
        kind: 'postgres',
        postgresUrl: url,
        kills: KILLS,
        seed: SEED,
        viewers: VIEWERS,
        maxUpMs: MAX_UP_MS,
        log,
      }),
    );
  } else {
    console.log('PostgreSQL unreachable at 127.0.0.1:5432: SKIPPED, SQLite only');
  }

  console.table(
    reports.map((r) => ({
      database: r.kind,
      kills: r.kills,
      'acknowledged ops': r.acknowledged,
      'refused (4xx)': r.refused,
      requests: r.requests,
      retries: r.retries,
      'ledger rows': r.ledgerRows,
      'restart ms (mean)': r.restartMs.mean,
      'restart ms (max)': r.restartMs.max,
      seconds: r.seconds,
      integrity: r.integrity,
      'broken rules': r.problems.length,
    })),
  );
  let failed = false;
  for (const report of reports) {
    if (report.problems.length === 0) continue;
    failed = true;
    console.log(`\n${report.kind}: ${report.problems.length} broken rules`);
    for (const problem of report.problems.slice(0, 50)) console.log(`  - ${problem}`);
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
