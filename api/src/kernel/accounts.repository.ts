/** SQL of the account facts the HTTP layer and the media routes need before any domain runs. */
import type { Executor } from '../db/schema';

/** The language saved on the account, or null when none is. */
export async function savedLanguageOf(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}

/** Whether the user is an active member of staff (staff or superuser). */
export async function isActiveStaff(db: Executor, userId: number): Promise<boolean> {
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('is_staff', '=', true), eb('is_superuser', '=', true)]))
    .executeTakeFirst();
  return staff !== undefined;
}
