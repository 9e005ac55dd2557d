/**
 * After 200 ms, once per session (sessionStorage), an iOS in-app browser is asked to open the page in
 * the system browser while an overlay says so. On error it is logged, reported as 12.3 and the
 * overlay is hidden; if the page is still here a few seconds later the overlay is hidden as well, so
 * the viewer can carry on where they are.
 */
import { ANALYTICS_EVENTS, IN_APP_BROWSER_REDIRECT_WAIT_MS, track } from '@cliffhanger/shared';
import { createSlice } from '@reduxjs/toolkit';
import { call, delay, put } from 'redux-saga/effects';
import { IN_APP_BROWSER_ATTEMPT_KEY, isIosInAppBrowser, systemBrowserUrl, trackingParamsOf } from './in-app-browser';

export const REDIRECT_OVERLAY_MAX_MS = 4_000;

export const inAppBrowserSlice = createSlice({
  name: 'inAppBrowser',
  initialState: { redirecting: false },
  reducers: {
    redirectStarted(state) {
      state.redirecting = true;
    },
    redirectEnded(state) {
      state.redirecting = false;
    },
  },
});
export const { redirectStarted, redirectEnded } = inAppBrowserSlice.actions;

export interface InAppBrowserEnvironment {
  userAgent: string;
  href: string;
  session: Pick<Storage, 'getItem' | 'setItem'>;
  open: (url: string) => void;
}

function browserEnvironment(): InAppBrowserEnvironment {
  return {
    userAgent: navigator.userAgent,
    href: window.location.href,
    session: window.sessionStorage,
    open: (url) => window.location.assign(url),
  };
}

export function* inAppBrowserSaga(env: InAppBrowserEnvironment = browserEnvironment()) {
  if (!isIosInAppBrowser(env.userAgent)) return;
  try {
    if (env.session.getItem(IN_APP_BROWSER_ATTEMPT_KEY)) return;
    env.session.setItem(IN_APP_BROWSER_ATTEMPT_KEY, String(Date.now()));
  } catch {
    return; // without sessionStorage "once per session" cannot be kept: do not try at all
  }
  const tracking = trackingParamsOf(env.href);
  yield put(track(ANALYTICS_EVENTS.inAppBrowserDetected, tracking));
  yield put(redirectStarted());
  yield delay(IN_APP_BROWSER_REDIRECT_WAIT_MS);
  try {
    yield put(track(ANALYTICS_EVENTS.inAppBrowserRedirectAttempted, tracking));
    yield call(env.open, systemBrowserUrl(env.href));
  } catch (error) {
    console.error('[cliffhanger] could not open the system browser', error);
    yield put(
      track(ANALYTICS_EVENTS.inAppBrowserRedirectFailed, {
        ...tracking,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    yield put(redirectEnded());
    return;
  }
  yield delay(REDIRECT_OVERLAY_MAX_MS);
  yield put(redirectEnded());
}
