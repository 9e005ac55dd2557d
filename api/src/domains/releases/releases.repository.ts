/**
 * SQL of the releases domain: each remote's rule, and the load reports summed per (remote, version,
 * minute) with a bounded sample of load times for medians.
 */
import type { Executor, RemoteRolloutRow } from '../../db/schema';

/** Load times kept per (remote, version, minute) for the median; the rest only count in the sums. */
export const LOAD_SAMPLES_PER_MINUTE = 20;

export const minuteOf = (at: Date) => Math.floor(at.getTime() / 60_000);

export async function allRules(db: Executor): Promise<RemoteRolloutRow[]> {
  return db.selectFrom('remote_rollouts').selectAll().execute();
}

export async function ruleOf(db: Executor, remote: string, lock: boolean): Promise<RemoteRolloutRow | undefined> {
  const query = db.selectFrom('remote_rollouts').selectAll().where('remote', '=', remote);
  return lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export interface RuleChange {
  stable_version: string | null;
  canary_version: string | null;
  canary_share: number;
  updated_at: string;
  updated_by: number | null;
}

/** Writes a remote's rule, creating its row the first time. */
export async function saveRule(db: Executor, remote: string, change: RuleChange): Promise<void> {
  await db
    .insertInto('remote_rollouts')
    .values({ remote, ...change })
    .onConflict((oc) => oc.column('remote').doUpdateSet(change))
    .execute();
}

/** Clears the canary only while it is still `version`; true when this call did it (so it happens once). */
export async function clearCanaryIfStill(
  db: Executor,
  remote: string,
  version: string,
  at: string,
  reason: string,
): Promise<boolean> {
  const result = await db
    .updateTable('remote_rollouts')
    .set({
      canary_version: null,
      canary_share: 0,
      updated_at: at,
      updated_by: null,
      auto_rollback_at: at,
      auto_rollback_version: version,
      auto_rollback_reason: reason,
    })
    .where('remote', '=', remote)
    .where('canary_version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface BucketIncrement {
  remote: string;
  version: string;
  loads: number;
  failures: number;
  errors: number;
  loadMsSum: number;
  samples: number[];
}

/** Adds one batch's counts for a (remote, version) to the current minute, and keeps a few load times. */
export async function addToBucket(db: Executor, minute: number, add: BucketIncrement): Promise<void> {
  const row = await db
    .insertInto('remote_load_buckets')
    .values({
      remote: add.remote,
      version: add.version,
      minute,
      loads: add.loads,
      failures: add.failures,
      errors: add.errors,
      load_ms_sum: add.loadMsSum,
    })
    .onConflict((oc) =>
      oc.columns(['remote', 'version', 'minute']).doUpdateSet((eb) => ({
        loads: eb('remote_load_buckets.loads', '+', eb.ref('excluded.loads')),
        failures: eb('remote_load_buckets.failures', '+', eb.ref('excluded.failures')),
        errors: eb('remote_load_buckets.errors', '+', eb.ref('excluded.errors')),
        load_ms_sum: eb('remote_load_buckets.load_ms_sum', '+', eb.ref('excluded.load_ms_sum')),
      })),
    )
    .returning('loads')
    .executeTakeFirstOrThrow();
  // Loads of this minute before this batch: the first LOAD_SAMPLES_PER_MINUTE of each minute are kept.
  const before = Number(row.loads) - add.loads;
  const room = Math.max(0, LOAD_SAMPLES_PER_MINUTE - before);
  const kept = add.samples.slice(0, room);
  if (kept.length > 0) {
    await db
      .insertInto('remote_load_samples')
      .values(kept.map((load_ms) => ({ remote: add.remote, version: add.version, minute, load_ms })))
      .execute();
  }
}

export interface VersionSums {
  remote: string;
  version: string;
  loads: number;
  failures: number;
  errors: number;
}

/** Sums per (remote, version) since `fromMinute`, optionally for one remote. */
export async function sumsSince(db: Executor, fromMinute: number, remote?: string): Promise<VersionSums[]> {
  let query = db
    .selectFrom('remote_load_buckets')
    .select((eb) => [
      'remote',
      'version',
      eb.fn.sum<number>('loads').as('loads'),
      eb.fn.sum<number>('failures').as('failures'),
      eb.fn.sum<number>('errors').as('errors'),
    ])
    .where('minute', '>=', fromMinute)
    .groupBy(['remote', 'version']);
  if (remote) query = query.where('remote', '=', remote);
  const rows = await query.execute();
  return rows.map((row) => ({
    remote: row.remote,
    version: row.version,
    loads: Number(row.loads ?? 0),
    failures: Number(row.failures ?? 0),
    errors: Number(row.errors ?? 0),
  }));
}

/** The kept load times since `fromMinute`, per `remote version`. */
export async function samplesSince(db: Executor, fromMinute: number): Promise<Map<string, number[]>> {
  const rows = await db
    .selectFrom('remote_load_samples')
    .select(['remote', 'version', 'load_ms'])
    .where('minute', '>=', fromMinute)
    .execute();
  const found = new Map<string, number[]>();
  for (const row of rows) {
    const key = `${row.remote} ${row.version}`;
    const list = found.get(key) ?? [];
    list.push(Number(row.load_ms));
    found.set(key, list);
  }
  return found;
}

/** Notes that `reporter` reported on a version this minute (once, however many reports it sent). */
export async function addReporter(
  db: Executor,
  minute: number,
  remote: string,
  version: string,
  reporter: string,
): Promise<void> {
  await db
    .insertInto('remote_load_reporters')
    .values({ remote, version, minute, reporter })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** How many different browsers reported on a version since `fromMinute`. */
export async function reportersSince(
  db: Executor,
  fromMinute: number,
  remote: string,
  version: string,
): Promise<number> {
  const row = await db
    .selectFrom('remote_load_reporters')
    .select((eb) => eb.fn.count<number>('reporter').distinct().as('reporters'))
    .where('remote', '=', remote)
    .where('version', '=', version)
    .where('minute', '>=', fromMinute)
    .executeTakeFirst();
  return Number(row?.reporters ?? 0);
}

/** Forgets reports older than `beforeMinute`. */
export async function pruneBefore(db: Executor, beforeMinute: number): Promise<void> {
  await db.deleteFrom('remote_load_reporters').where('minute', '<', beforeMinute).execute();
  await db.deleteFrom('remote_load_samples').where('minute', '<', beforeMinute).execute();
  await db.deleteFrom('remote_load_buckets').where('minute', '<', beforeMinute).execute();
}
