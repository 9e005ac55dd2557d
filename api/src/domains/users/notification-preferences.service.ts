/**
 * The viewer's notification preferences. A user without a stored row has the defaults; the row is
 * written on the first change. Reads turn the stored 0/1 or true/false into real booleans.
 */
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import { findNotificationPreferences, saveNotificationPreferences } from './notification-preferences.repository';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from './notification-preferences.schemas';

export async function notificationPreferencesOf(ctx: AppContext, userId: number): Promise<NotificationPreferences> {
  const row = await findNotificationPreferences(ctx.db, userId);
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return {
    email_new_episodes: Boolean(row.email_new_episodes),
    email_promotions: Boolean(row.email_promotions),
    push_enabled: Boolean(row.push_enabled),
  };
}

/** Applies the given keys over the current preferences and answers the full, stored result. */
export async function updateNotificationPreferences(
  ctx: AppContext,
  userId: number,
  changes: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  const current = await notificationPreferencesOf(ctx, userId);
  const next: NotificationPreferences = {
    email_new_episodes: changes.email_new_episodes ?? current.email_new_episodes,
    email_promotions: changes.email_promotions ?? current.email_promotions,
    push_enabled: changes.push_enabled ?? current.push_enabled,
  };
  await saveNotificationPreferences(ctx.db, userId, next, nowIso(ctx));
  return next;
}
