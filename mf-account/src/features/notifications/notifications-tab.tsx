import { ErrorNotice, InlineSpinner, selectIsSignedIn, useSharedSelector } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import {
  NOTIFICATIONS_LOAD_ERROR,
  type NotificationPreferenceKey,
  useAccountNotificationPreferencesQuery,
  useAccountUpdateNotificationPreferenceMutation,
} from './notifications.api';

export const NOTIFICATION_OPTIONS: Array<[NotificationPreferenceKey, string, string]> = [
  ['email_new_episodes', 'New episodes', 'An e-mail when a series you follow gets a new episode.'],
  ['email_promotions', 'Offers and bonuses', 'An e-mail now and then about coin bonuses and Gold offers.'],
  ['push_enabled', 'Browser notifications', 'A notification in this browser when something new is waiting.'],
];

function Preferences() {
  const { data, isLoading, isError, refetch } = useAccountNotificationPreferencesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [update] = useAccountUpdateNotificationPreferenceMutation();
  if (isLoading) return <InlineSpinner label="Loading your notification preferences…" />;
  if (isError || !data) return <ErrorNotice message={NOTIFICATIONS_LOAD_ERROR} onRetry={refetch} />;
  return (
    <>
      <fieldset className="notification-options">
        <legend className="ch-visually-hidden">What we may send you</legend>
        {NOTIFICATION_OPTIONS.map(([key, label, description]) => (
          <label key={key} className="notification-option">
            <input
              type="checkbox"
              role="switch"
              checked={data[key] === true}
              aria-checked={data[key] === true}
              onChange={(event) => update({ key, value: event.target.checked })}
              aria-describedby={`notification-${key}`}
            />
            <span>
              <strong>{label}</strong>
              <span id={`notification-${key}`} className="ch-muted notification-description">
                {description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="ch-muted">Your choices are saved to your account and apply on every device.</p>
    </>
  );
}

/** The viewer's notification preferences, stored with the account. */
export function NotificationsTab() {
  const signedIn = useSharedSelector(selectIsSignedIn);
  return (
    <section className="ch-card" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="account-panel-title">
        Notifications
      </h2>
      {signedIn ? (
        <Preferences />
      ) : (
        <p>
          <Link to="/profile">Sign in</Link> to choose which e-mails and notifications we send you.
        </p>
      )}
    </section>
  );
}
