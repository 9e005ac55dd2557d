/**
 * The notification offer (product.md#startup, step 5): while the browser's notification permission is
 * undecided, the shell offers alerts in its own small card instead of opening the browser's dialog at
 * first paint. The card appears when the viewer adds a series to their list or after a moment on the
 * site (NOTIFICATION_OFFER_DELAY_MS); only its "Turn on" asks the browser, and "Not now" is remembered
 * for NOTIFICATION_OFFER_SNOOZE_DAYS in this browser.
 */
import {
  NOTIFICATION_OFFER_DELAY_MS,
  NOTIFICATION_OFFER_SNOOZE_DAYS,
  readStored,
  seriesAddedToList,
  writeStored,
} from '@cliffhanger/shared';
import { createSlice } from '@reduxjs/toolkit';
import { delay, put, race, take } from 'redux-saga/effects';

const DAY_MS = 24 * 60 * 60 * 1000;

type NotificationHost = { Notification?: Pick<typeof Notification, 'permission' | 'requestPermission'> };

export const notificationOfferSlice = createSlice({
  name: 'notificationOffer',
  initialState: { shown: false },
  reducers: {
    notificationOfferShown(state) {
      state.shown = true;
    },
    notificationOfferClosed(state) {
      state.shown = false;
    },
  },
});

export const { notificationOfferShown, notificationOfferClosed } = notificationOfferSlice.actions;
export const selectNotificationOfferShown = (state: { notificationOffer?: { shown: boolean } }) =>
  state.notificationOffer?.shown ?? false;

/** The offer is due while the browser's permission is undecided and the last "Not now" is old enough. */
export function notificationOfferDue(win: NotificationHost = window, now = Date.now()): boolean {
  if (win.Notification?.permission !== 'default') return false;
  const declinedAt = readStored('notification_offer_declined_at');
  return declinedAt === null || now - declinedAt >= NOTIFICATION_OFFER_SNOOZE_DAYS * DAY_MS;
}

/** Waits for the viewer's first follow or a moment, then shows the offer if it is still due. */
export function* notificationOfferSaga(win: NotificationHost = window) {
  if (!notificationOfferDue(win)) return;
  yield race({ moment: delay(NOTIFICATION_OFFER_DELAY_MS), followed: take(seriesAddedToList.type) });
  if (notificationOfferDue(win)) yield put(notificationOfferShown());
}

/** "Turn on": the browser's own question, asked only now, after the viewer's tap. */
export function turnOnNotifications(win: NotificationHost = window): void {
  void Promise.resolve(win.Notification?.requestPermission()).catch((error: unknown) =>
    console.error('[cliffhanger] notification permission request failed', error),
  );
}

/** "Not now": remembered in this browser, so the offer stays away for NOTIFICATION_OFFER_SNOOZE_DAYS. */
export function declineNotifications(now = Date.now()): void {
  writeStored('notification_offer_declined_at', now);
}
