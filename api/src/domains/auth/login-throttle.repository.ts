/** SQL of the per-account count of failed password sign-ins (login-throttle.ts has the rules). */
import type { Executor, LoginThrottlesTable } from '../../db/schema';

/** The account's row, made empty on its first attempt. */
export async function throttleOf(db: Executor, userId: number): Promise<LoginThrottlesTable> {
  await db
    .insertInto('login_throttles')
    .values({ user_id: userId, failures: 0, last_failure_at: null, blocked_until: null, version: 0 })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return db.selectFrom('login_throttles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Writes the new count only if nobody wrote since `version` was read (compare-and-set); answers
 * whether this write won.
 */
export async function countFailureIfUnchanged(
  db: Executor,
  userId: number,
  version: number,
  count: Pick<LoginThrottlesTable, 'failures' | 'last_failure_at' | 'blocked_until'>,
): Promise<boolean> {
  const updated = await db
    .updateTable('login_throttles')
    .set({ ...count, version: version + 1 })
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function clearFailures(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set((eb) => ({ failures: 0, last_failure_at: null, blocked_until: null, version: eb('version', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}
