/**
 * Cancel and reactivate replace the subscription (product.md#gold): the answer becomes the cached active
 * subscription, and Gold status (product.md#gold) is announced to every screen with `wallet/goldStatusChanged`.
 * When the subscription the wallet reads says Gold and the session does not know yet, the session is
 * told too, so the header and the profile menu follow.
 */
import {
  ANALYTICS_EVENTS,
  errorMessage,
  goldStatusChanged,
  runMutation,
  SAGA_MUTATION,
  selectIsGold,
  showToast,
  track,
} from '@cliffhanger/shared';
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { walletT } from '../../messages';
import { formatDate } from '../format';
import { isGoldSubscription } from './gold-status';
import { type ActiveSubscription, subscriptionApi } from './subscription.api';
import {
  type SubscriptionChange,
  subscriptionChangeRequested,
  subscriptionChangeSettled,
  subscriptionChangeStarted,
} from './subscription.slice';

/** What a failed change tells the viewer, in the page's language when it is said. */
export const SUBSCRIPTION_MESSAGES = {
  get cancelFailed() {
    return walletT('subscription.cancelFailed');
  },
  get reactivateFailed() {
    return walletT('subscription.reactivateFailed');
  },
};

/** Cancels or reactivates; the endpoint puts the answer in the cache as the active subscription. */
export function* postSubscriptionChange(change: SubscriptionChange) {
  const replaced: ActiveSubscription | null = yield* runMutation(
    subscriptionApi.endpoints.walletChangeSubscription.initiate(change, SAGA_MUTATION),
  );
  if (!replaced) throw new Error('The subscription answer was empty');
  return replaced;
}

export function* changeSubscription({ payload }: ReturnType<typeof subscriptionChangeRequested>) {
  const { change } = payload;
  yield put(subscriptionChangeStarted(change));
  try {
    const replaced: ActiveSubscription = yield call(postSubscriptionChange, change);
    const isGold = isGoldSubscription(replaced);
    yield put(goldStatusChanged({ isGold, periodEnd: isGold ? replaced.current_period_end : null }));
    yield put(subscriptionChangeSettled({ error: null }));
    const until = formatDate(replaced.current_period_end);
    if (change === 'cancel') {
      yield put(track(ANALYTICS_EVENTS.subscriptionCancelled, { plan: replaced.plan }));
      yield put(
        showToast({
          type: 'info',
          title: walletT('toast.subscriptionCancelled'),
          message: isGold ? walletT('toast.keepGoldUntil', { date: until }) : walletT('toast.goldEnded'),
        }),
      );
    } else {
      yield put(track(ANALYTICS_EVENTS.subscriptionReactivated, { plan: replaced.plan }));
      yield put(
        showToast({
          type: 'success',
          title: walletT('toast.goldReactivated'),
          message: walletT('toast.goldRenews', { date: until }),
        }),
      );
    }
  } catch (error) {
    const fallback = change === 'cancel' ? SUBSCRIPTION_MESSAGES.cancelFailed : SUBSCRIPTION_MESSAGES.reactivateFailed;
    const message = errorMessage(error, fallback);
    yield put(subscriptionChangeSettled({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

/** A Gold subscription read from the server that the session does not know about yet. */
export function* followActiveSubscription({ payload }: PayloadAction<ActiveSubscription | null>) {
  if (!payload || !isGoldSubscription(payload)) return;
  const known: boolean = yield select(selectIsGold);
  if (!known) yield put(goldStatusChanged({ isGold: true, periodEnd: payload.current_period_end }));
}

export function* subscriptionSaga() {
  yield takeLeading(subscriptionChangeRequested.type, changeSubscription);
  yield takeEvery(subscriptionApi.endpoints.walletActiveSubscription.matchFulfilled, followActiveSubscription);
}
