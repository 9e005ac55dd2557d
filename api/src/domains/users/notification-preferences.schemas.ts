/**
 * The viewer's notification preferences as answered and accepted by /api/users/notification-preferences/.
 * A fixed set of booleans, one per `notification_preferences` column; anything else is refused.
 */
import { type Static, Type } from '@sinclair/typebox';

export const NotificationPreferencesSchema = Type.Object(
  {
    /** An e-mail when a series the viewer follows gets a new episode. */
    email_new_episodes: Type.Boolean(),
    /** An occasional e-mail about coin bonuses and Gold offers. */
    email_promotions: Type.Boolean(),
    /** Notifications in the browser. */
    push_enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);

export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

/** Every key is optional: keys left out keep their current value. An empty object changes nothing and is refused. */
export const NotificationPreferencesUpdateBody = Type.Partial(NotificationPreferencesSchema, {
  additionalProperties: false,
  minProperties: 1,
});

export type NotificationPreferencesUpdate = Static<typeof NotificationPreferencesUpdateBody>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email_new_episodes: true,
  email_promotions: false,
  push_enabled: false,
};
