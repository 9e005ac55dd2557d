/**
 * Forwards the bus to analytics: `analytics/track` is the one way remotes report an event (a
 * `revenue` property of price, quantity and productId is also reported as revenue), and the signed-in
 * user's id and properties follow the session. The library starts once the first screen is shown; every
 * event reaches our own event store, and Amplitude too when a key is configured.
 */
import {
  FIRST_PARTY_ANALYTICS_PATH,
  guestCreated,
  isAnalyticsEvent,
  type RevenueInput,
  runtimeConfig,
  signedIn,
  signedOut,
  trackEvent,
  type User,
  userUpdated,
} from '@cliffhanger/shared';
import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { call, takeEvery, takeLatest } from 'redux-saga/effects';
import { type Analytics, analytics as pageAnalytics } from './analytics-client';

/** The shell's own fact: the first screen has been shown, so third-party code may load now. */
export const firstScreenShown = createAction('shell/firstScreenShown');

function isRevenue(value: unknown): value is RevenueInput {
  return !!value && typeof value === 'object' && typeof (value as RevenueInput).price === 'number';
}

export function* analyticsSaga(analytics: Analytics = pageAnalytics) {
  yield takeLatest(firstScreenShown.type, function* start() {
    const config = runtimeConfig();
    yield call([analytics, analytics.start], {
      apiKey: config.amplitudeApiKey,
      endpoint: config.amplitudeEndpoint,
      firstPartyEndpoint: `${config.apiBaseUrl.replace(/\/+$/, '')}${FIRST_PARTY_ANALYTICS_PATH}`,
      firstPartyKey: config.staticApiToken,
    });
  });
  yield takeEvery(trackEvent.type, ({ payload }: ReturnType<typeof trackEvent>) => {
    if (!isAnalyticsEvent(payload.event)) {
      console.warn(`[cliffhanger] "${payload.event}" is not in the analytics catalogue; it is sent as it is`);
    }
    const { revenue, ...properties } = payload.properties ?? {};
    analytics.track(payload.event, properties);
    if (isRevenue(revenue)) analytics.revenue(revenue);
  });
  yield takeEvery([signedIn.type, userUpdated.type, guestCreated.type], (action: UnknownAction) =>
    analytics.identify((action as unknown as { payload: { user: User | null } }).payload.user),
  );
  yield takeEvery(signedOut.type, () => analytics.identify(null));
}
