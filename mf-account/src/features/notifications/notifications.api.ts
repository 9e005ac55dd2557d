/**
 * The viewer's notification preferences, stored by the API (/users/notification-preferences/).
 * A change is shown at once and sent as the one key that changed; a refused change is rolled back
 * and explained in a toast.
 */
import { baseApi, type NotificationPreferences, showToast } from '@cliffhanger/shared';
import { accountT } from '../../messages';

export type { NotificationPreferences };

export type NotificationPreferenceKey = keyof NotificationPreferences;

export interface NotificationPreferenceChange {
  key: NotificationPreferenceKey;
  value: boolean;
}

export const NOTIFICATIONS_LOAD_ERROR = 'Your notification preferences could not be loaded.';
export const NOTIFICATIONS_SAVE_ERROR = 'Your notification preference could not be saved. Please try again.';

const PREFERENCES_URL = '/users/notification-preferences/';

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    accountNotificationPreferences: build.query<NotificationPreferences, void>({
      query: () => ({ url: PREFERENCES_URL }),
    }),
    accountUpdateNotificationPreference: build.mutation<NotificationPreferences, NotificationPreferenceChange>({
      query: ({ key, value }) => ({ url: PREFERENCES_URL, method: 'PUT', body: { [key]: value } }),
      async onQueryStarted({ key, value }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('accountNotificationPreferences', undefined, (preferences) => {
            preferences[key] = value;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          // Only the key this call changed: another toggle may still be on its way.
          dispatch(
            notificationsApi.util.updateQueryData('accountNotificationPreferences', undefined, (preferences) => {
              preferences[key] = data[key];
            }),
          );
        } catch {
          patch.undo();
          dispatch(showToast({ type: 'error', message: accountT('notifications.saveError') }));
        }
      },
    }),
  }),
});

export const { useAccountNotificationPreferencesQuery, useAccountUpdateNotificationPreferenceMutation } =
  notificationsApi;
