/**
 * The viewer's notification preferences as answered and accepted by /api/users/notification-preferences/:
 * a fixed set of booleans, one per `notification_preferences` column; anything else is refused.
 */
import { Type } from '@sinclair/typebox';

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
