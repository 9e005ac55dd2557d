/**
 * A quick fuzzing pass over every route of the OpenAPI document (the long one is
 * bench/fuzz/fuzz-bench.ts): generated valid and invalid requests, each sent as anonymous, guest,
 * viewer and staff. No answer is a 5xx, every answer has a documented status and matches its
 * documented schema, a 4xx writes nothing to the database, and a request that breaks the documented
 * request schema never succeeds. A failure prints the shrunk request (method, url, body, role).
 *
 * The seed is fixed so CI is repeatable; `FUZZ_SEED=<n>` explores others, `FUZZ_RUNS=<n>` sets the
 * cases per route.
 */
import { databaseKinds, postgresUrl } from '../support/databases';
import { createFuzzEnvironment, type FuzzEnvironment } from './fuzz-environment';
import { KNOWN_GAPS } from './known-gaps';
import {
  fuzzOperation,
  Judge,
  type OpenApiDocument,
  type Operation,
  type OperationReport,
  ROLES,
  type Role,
  readOperations,
} from './openapi-fuzz';
import { BODY_HINTS } from './request-hints';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_901);
/** Cases per route: PostgreSQL answers more slowly, so its pass is shorter. */
const RUNS = { sqlite: Number(process.env.FUZZ_RUNS ?? 8), postgres: Number(process.env.FUZZ_RUNS ?? 3) };

describe.each(databaseKinds())('every documented route under fuzzing (%s)', (kind) => {
  let env: FuzzEnvironment;
  let operations: Operation[];
  const reports: OperationReport[] = [];

  beforeAll(async () => {
    env = await createFuzzEnvironment(kind, postgresUrl());
    operations = readOperations((await env.openApiDocument()) as OpenApiDocument);
  }, 120_000);
  afterAll(() => env?.close());

  it('documents every route with its answers', () => {
    expect(operations.length).toBeGreaterThan(100);
    const undocumented = operations.filter((op) => op.responses.size === 0).map((op) => op.key);
    expect(undocumented).toEqual([]);
  });

  it(
    'answers every route and role without a 5xx, as documented, and changes nothing on a 4xx',
    async () => {
      const judge = new Judge(env.bodyLimitBytes);
      for (const op of operations) {
        reports.push(
          await fuzzOperation(env, judge, op, {
            numRuns: RUNS[kind],
            seed: SEED,
            allowances: KNOWN_GAPS,
            hints: BODY_HINTS,
          }),
        );
      }
      const failures = reports.filter((report) => report.failure).map((report) => report.failure);
      if (failures.length > 0) {
        throw new Error(`${failures.length} of ${reports.length} routes broke a rule:\n\n${failures.join('\n\n')}`);
      }
    },
    20 * 60_000,
  );

  it('sends as four different callers: anonymous, a guest, a viewer and a staff member', async () => {
    const profile = async (role: Role) => (await env.send(role, 'GET', '/api/users/profile/', {})).status;
    const staffArea = async (role: Role) => (await env.send(role, 'GET', '/api/admin/me/', {})).status;
    expect(await Promise.all(ROLES.map(profile))).toEqual([401, 200, 200, 200]);
    expect(await Promise.all(ROLES.map(staffArea))).toEqual([401, 403, 403, 200]);
    const guest = JSON.parse((await env.send('guest', 'GET', '/api/users/profile/', {})).body);
    expect(guest.is_guest).toBe(true);
  });

  it('reaches the handlers: valid requests succeed on many routes, not only the 4xx', () => {
    // A fuzzer whose requests all bounce off validation or authentication proves little. The
    // PostgreSQL pass runs fewer cases per route, so it sees fewer successes.
    const succeeded = reports.filter((report) => Object.keys(report.statuses).some((status) => Number(status) < 300));
    expect(reports.length).toBe(operations.length);
    expect(succeeded.length).toBeGreaterThan(operations.length / (kind === 'sqlite' ? 2 : 5));
  });
});
