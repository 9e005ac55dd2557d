/** The viewer's notification preferences (/api/users/notification-preferences/): the update body and the defaults. */
import { NotificationPreferencesSchema } from '@cliffhanger/shared/contracts';
import { type Static, Type } from '@sinclair/typebox';

// The answer is the shared contract; the body that changes it and the defaults are this API's own.
export { NotificationPreferencesSchema } from '@cliffhanger/shared/contracts';

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
