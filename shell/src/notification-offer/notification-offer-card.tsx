/**
 * The notification offer's card: a small, non-modal panel at the foot of the screen (above the phone's
 * tab bar) that never takes focus, announced politely, with "Turn on" and "Not now"; Escape is "Not now".
 * The layouts show it on every screen but the player, so it never covers the player's controls.
 */
import { useAppDispatch } from '@cliffhanger/shared';
import { type KeyboardEvent, useId } from 'react';
import { useSelector } from 'react-redux';
import { useShellT } from '../layout/messages';
import {
  declineNotifications,
  notificationOfferClosed,
  selectNotificationOfferShown,
  turnOnNotifications,
} from './notification-offer';

function BellIcon() {
  return (
    <svg className="notification-offer-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
      />
    </svg>
  );
}

export function NotificationOfferCard() {
  const shown = useSelector(selectNotificationOfferShown);
  const dispatch = useAppDispatch();
  const { t } = useShellT();
  const titleId = useId();
  const textId = useId();
  const turnOn = () => {
    dispatch(notificationOfferClosed());
    turnOnNotifications();
  };
  const notNow = () => {
    declineNotifications();
    dispatch(notificationOfferClosed());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    notNow();
  };
  return (
    // The live region is always there, so the card's words are announced when it appears, without taking focus.
    <div className="notification-offer-slot" aria-live="polite">
      {shown && (
        <section
          className="notification-offer"
          aria-labelledby={titleId}
          aria-describedby={textId}
          onKeyDown={onKeyDown}
        >
          <BellIcon />
          <div className="notification-offer-text">
            <h2 id={titleId}>{t('alerts.title')}</h2>
            <p id={textId}>{t('alerts.body')}</p>
          </div>
          <div className="notification-offer-actions">
            <button type="button" className="ch-button" onClick={turnOn}>
              {t('alerts.turnOn')}
            </button>
            <button type="button" className="ch-button ch-button--ghost" onClick={notNow}>
              {t('alerts.notNow')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
