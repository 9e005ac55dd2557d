/** SQL for `notification_preferences`: at most one row per user, created on the first change. */
import type { Executor } from '../../db/schema';
import type { NotificationPreferences } from './notification-preferences.schemas';

export function findNotificationPreferences(db: Executor, userId: number) {
  return db
    .selectFrom('notification_preferences')
    .select(['email_new_episodes', 'email_promotions', 'push_enabled'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveNotificationPreferences(
  db: Executor,
  userId: number,
  preferences: NotificationPreferences,
  updatedAt: string,
) {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...preferences, updated_at: updatedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...preferences, updated_at: updatedAt }))
    .execute();
}
