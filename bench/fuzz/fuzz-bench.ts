/**
 * The long fuzzing pass: 1000 generated requests per documented route (each sent as anonymous, guest,
 * viewer and staff), on SQLite and, when reachable, PostgreSQL. Prints cases per route, failures with
 * their shrunk counterexamples, the allowed known gaps, and the duration.
 *
 *   npx tsx bench/fuzz/fuzz-bench.ts
 *   FUZZ_RUNS=200 FUZZ_ROUTES='/api/auth' FUZZ_DATABASES=sqlite FUZZ_SEED=42 npx tsx bench/fuzz/fuzz-bench.ts
 */

import { createFuzzEnvironment } from '../../api/test/fuzz/fuzz-environment';
import { KNOWN_GAPS } from '../../api/test/fuzz/known-gaps';
import {
  fuzzOperation,
  Judge,
  type OpenApiDocument,
  type OperationReport,
  readOperations,
} from '../../api/test/fuzz/openapi-fuzz';
import { BODY_HINTS } from '../../api/test/fuzz/request-hints';
import { postgresUrl } from '../../api/test/support/databases';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const ROUTES = new RegExp(process.env.FUZZ_ROUTES ?? '.');
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;

async function fuzzDatabase(kind: 'sqlite' | 'postgres'): Promise<OperationReport[]> {
  const env = await createFuzzEnvironment(kind, postgresUrl());
  try {
    const operations = readOperations((await env.openApiDocument()) as OpenApiDocument).filter((op) =>
      ROUTES.test(op.key),
    );
    const judge = new Judge(env.bodyLimitBytes);
    const reports: OperationReport[] = [];
    for (const op of operations) {
      const report = await fuzzOperation(env, judge, op, {
        numRuns: RUNS,
        seed: SEED,
        allowances: KNOWN_GAPS,
        hints: BODY_HINTS,
      });
      reports.push(report);
      const statuses = Object.entries(report.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ');
      const allowed = Object.entries(report.allowed)
        .map(([kind, count]) => `${kind}×${count}`)
        .join(', ');
      console.log(
        `${kind.padEnd(8)} ${report.key.padEnd(52)} ${String(report.cases).padStart(5)} cases ${String(report.requests).padStart(6)} requests ${(report.ms / 1000).toFixed(1).padStart(6)} s  ${report.failure ? 'FAILED' : 'ok'}  ${statuses}${allowed ? `  (known gaps: ${allowed})` : ''}`,
      );
      if (report.failure) console.log(report.failure);
    }
    return reports;
  } finally {
    await env.close();
  }
}

async function main() {
  const kinds = (process.env.FUZZ_DATABASES ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
  console.log(`fuzzing with seed ${SEED}, ${RUNS} cases per route, each sent as anonymous, guest, viewer and staff`);
  for (const kind of kinds) {
    if (kind === 'postgres' && !postgresUrl()) {
      console.warn('PostgreSQL unreachable at 127.0.0.1:5432: skipping the PostgreSQL pass');
      continue;
    }
    const started = Date.now();
    const reports = await fuzzDatabase(kind);
    const failed = reports.filter((report) => report.failure);
    const cases = reports.reduce((sum, report) => sum + report.cases, 0);
    const requests = reports.reduce((sum, report) => sum + report.requests, 0);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `\n${kind}: ${reports.length} routes, ${cases} cases (min ${Math.min(...reports.map((r) => r.cases))} per route), ${requests} requests, ${failed.length} routes failing, ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)} requests/s)\n`,
    );
    for (const report of failed) console.log(report.failure, '\n');
    if (failed.length > 0) process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
