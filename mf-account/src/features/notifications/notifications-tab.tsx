import { ErrorNotice, InlineSpinner, selectIsSignedIn, useSharedSelector } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import { type AccountKey, useAccountT } from '../../messages';
import {
  type NotificationPreferenceKey,
  useAccountNotificationPreferencesQuery,
  useAccountUpdateNotificationPreferenceMutation,
} from './notifications.api';

export const NOTIFICATION_OPTIONS: Array<[NotificationPreferenceKey, AccountKey, AccountKey]> = [
  ['email_new_episodes', 'notifications.newEpisodes', 'notifications.newEpisodesHint'],
  ['email_promotions', 'notifications.offers', 'notifications.offersHint'],
  ['push_enabled', 'notifications.push', 'notifications.pushHint'],
];

function Preferences() {
  const { data, isLoading, isError, refetch } = useAccountNotificationPreferencesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [update] = useAccountUpdateNotificationPreferenceMutation();
  const { t } = useAccountT();
  if (isLoading) return <InlineSpinner label={t('notifications.loading')} />;
  if (isError || !data) return <ErrorNotice message={t('notifications.loadError')} onRetry={refetch} />;
  return (
    <>
      <fieldset className="notification-options">
        <legend className="ch-visually-hidden">{t('notifications.legend')}</legend>
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
              <strong>{t(label)}</strong>
              <span id={`notification-${key}`} className="ch-muted notification-description">
                {t(description)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="ch-muted">{t('notifications.saved')}</p>
    </>
  );
}

/** The viewer's notification preferences, stored with the account. */
export function NotificationsTab() {
  const signedIn = useSharedSelector(selectIsSignedIn);
  const { t, language } = useAccountT();
  return (
    <section className="ch-card" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="account-panel-title">
        {t('notifications.title')}
      </h2>
      {signedIn ? (
        <Preferences />
      ) : (
        <p>
          <Link to="/profile">{t('notifications.signIn')}</Link>
          {language === 'ru' ? '' : ' '}
          {t('notifications.signInRest')}
        </p>
      )}
    </section>
  );
}
