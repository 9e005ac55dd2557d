/**
 * Checkout (product.md#payments): creating a purchase or a subscription stores the checkout session id
 * (`checkout_session_id`) and sends the browser to the returned url. Coins and Gold are granted by the
 * server's payment webhook, so back from the payment page the wallet polls the balance (or the active
 * subscription) until it changes — a bounded number of times — and then tells every screen through the
 * bus (`wallet/balanceChanged`, `wallet/goldStatusChanged`).
 */
import {
  ANALYTICS_EVENTS,
  apiClient,
  balanceChanged,
  baseApi,
  episodeUnlocked,
  episodeUnlockRequested,
  fetchCoinBalance,
  goldStatusChanged,
  readStored,
  removeStored,
  runMutation,
  SAGA_MUTATION,
  selectCoinBalance,
  showToast,
  track,
  type UnlockSheetEpisode,
  unlockSheetRequested,
  writeStored,
} from '@cliffhanger/shared';
import type { Task } from 'redux-saga';
import { call, delay, fork, join, put, race, select, take, takeLeading } from 'redux-saga/effects';
import { walletT } from '../../messages';
import { type CheckoutSession, coinsApi } from '../coins/coins.api';
import { formatDate } from '../format';
import { offerKeepCoins } from '../keep-coins/keep-coins.slice';
import { isGoldSubscription } from '../subscription/gold-status';
import { type ActiveSubscription, isSubscription, subscriptionApi } from '../subscription/subscription.api';
import {
  type CheckoutRequest,
  checkoutFailed,
  checkoutRedirecting,
  checkoutRequested,
  checkoutReturned,
  checkoutStarting,
  outcomeSettled,
  selectCheckoutBusy,
} from './checkout.slice';

/** What the checkout tells the viewer, in the page's language when it is said. */
export const CHECKOUT_MESSAGES = {
  get purchaseFailed() {
    return walletT('checkout.purchaseFailed');
  },
  get subscriptionFailed() {
    return walletT('checkout.subscriptionFailed');
  },
  get cancelled() {
    return walletT('checkout.cancelled');
  },
  get coinsDelayed() {
    return walletT('checkout.coinsDelayed');
  },
  get goldDelayed() {
    return walletT('checkout.goldDelayed');
  },
};

/** How long the wallet waits for the payment webhook after the viewer comes back: 15 × 2 s. */
export const CHECKOUT_POLL_INTERVAL_MS = 2_000;
export const CHECKOUT_POLL_ATTEMPTS = 15;

/** The browser's address bar, behind an object so tests can watch it. */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/** Starts the purchase or the subscription; the answer names the payment page. */
export function* postCheckout(request: CheckoutRequest) {
  // One key per purchase start: the transport's retries resend the same body, so a start whose answer
  // was lost gets the same checkout session back instead of opening a second one.
  const answer: CheckoutSession | null = yield* runMutation(
    request.kind === 'coins'
      ? coinsApi.endpoints.walletPurchaseCoins.initiate(
          {
            packageId: request.packageId,
            idempotencyKey: crypto.randomUUID(),
            returnTo: request.returnTo,
            unlockEpisodeId: request.unlockEpisodeId,
          },
          SAGA_MUTATION,
        )
      : subscriptionApi.endpoints.walletCreateSubscription.initiate(
          { plan: request.plan, returnTo: request.returnTo },
          SAGA_MUTATION,
        ),
  );
  return answer;
}

export async function fetchActiveSubscription(): Promise<ActiveSubscription | null> {
  const { data } = await apiClient().get<ActiveSubscription | null>('/subscriptions/active/');
  return isSubscription(data) ? data : null;
}

function failureMessage(kind: CheckoutRequest['kind'], error: unknown): string {
  const base = kind === 'coins' ? CHECKOUT_MESSAGES.purchaseFailed : CHECKOUT_MESSAGES.subscriptionFailed;
  const data = (error as { data?: { message?: unknown; detail?: unknown } } | null)?.data;
  const detail = typeof data?.message === 'string' ? data.message : typeof data?.detail === 'string' ? data.detail : '';
  return detail ? `${base}: ${detail}` : base;
}

export function* startCheckout({ payload }: ReturnType<typeof checkoutRequested>) {
  const busy: boolean = yield select(selectCheckoutBusy);
  if (busy) return; // the browser is already on its way to a payment page
  yield put(checkoutStarting(payload));
  try {
    const answer: CheckoutSession | null = yield call(postCheckout, payload);
    if (!answer?.url || !answer.session_id) throw new Error('The checkout answered no payment page');
    writeStored('checkout_session_id', answer.session_id);
    if (payload.kind === 'coins') {
      // What the balance was before paying, to see the coins arrive when the viewer comes back.
      const balance: number = yield select(selectCoinBalance);
      writeStored('coin_balance', balance);
      yield put(track(ANALYTICS_EVENTS.coinPurchaseStarted, { package_id: payload.packageId }));
    } else {
      yield put(track(ANALYTICS_EVENTS.subscriptionCheckoutStarted, { plan: payload.plan }));
    }
    yield put(checkoutRedirecting());
    yield call([browser, browser.assign], answer.url);
  } catch (error) {
    const message = failureMessage(payload.kind, error);
    yield put(checkoutFailed({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

function* waitForCoins(baseline: number) {
  for (let attempt = 1; attempt <= CHECKOUT_POLL_ATTEMPTS; attempt++) {
    const balance: number = yield call(fetchCoinBalance, apiClient());
    if (balance !== baseline) return balance;
    if (attempt < CHECKOUT_POLL_ATTEMPTS) yield delay(CHECKOUT_POLL_INTERVAL_MS);
  }
  return null;
}

function* waitForGold() {
  for (let attempt = 1; attempt <= CHECKOUT_POLL_ATTEMPTS; attempt++) {
    try {
      const subscription: ActiveSubscription | null = yield call(fetchActiveSubscription);
      if (subscription && isGoldSubscription(subscription)) return subscription;
    } catch {
      // the next attempt asks again
    }
    if (attempt < CHECKOUT_POLL_ATTEMPTS) yield delay(CHECKOUT_POLL_INTERVAL_MS);
  }
  return null;
}

/**
 * Coins arrived while the viewer is back on the locked episode: unlock it at once when they asked
 * for that, else open the sheet again so one more tap unlocks it.
 */
export function* continueOnEpisode(episode: UnlockSheetEpisode, unlockAfter: boolean, balance: number) {
  if (unlockAfter && balance >= episode.coinCost) {
    yield put(
      episodeUnlockRequested({
        episodeId: episode.episodeId,
        seriesId: episode.seriesId,
        coinCost: episode.coinCost,
        returnTo: episode.returnTo,
      }),
    );
  } else {
    yield put(unlockSheetRequested(episode));
  }
}

/** How long the coins' toast waits for the player to say the episode bought for is unlocked. */
export const UNLOCK_CONFIRM_MS = 8_000;

/** True once the player says `episodeId` is unlocked, false when it has not within UNLOCK_CONFIRM_MS. */
export function* unlockConfirmed(episodeId: number) {
  const { unlocked } = yield race({
    unlocked: take((action: unknown) => episodeUnlocked.match(action) && action.payload.episodeId === episodeId),
    timeout: delay(UNLOCK_CONFIRM_MS),
  });
  return !!unlocked;
}

export function* confirmCheckout({ payload }: ReturnType<typeof checkoutReturned>) {
  if (payload.outcome === 'cancelled') {
    removeStored('checkout_session_id');
    yield put(showToast({ type: 'info', message: CHECKOUT_MESSAGES.cancelled }));
    return;
  }
  if (payload.kind === 'coins') {
    const stored = readStored('coin_balance');
    const baseline: number = stored ?? (yield select(selectCoinBalance));
    const balance: number | null = yield call(waitForCoins, baseline);
    removeStored('checkout_session_id');
    if (balance === null) {
      yield put(outcomeSettled({ status: 'delayed' }));
      yield put(showToast({ type: 'info', message: CHECKOUT_MESSAGES.coinsDelayed }));
      return;
    }
    yield put(balanceChanged({ balance, reason: 'purchase' }));
    yield put(outcomeSettled({ status: 'confirmed', balance }));
    yield call(offerKeepCoins);
    yield put(track(ANALYTICS_EVENTS.coinPurchaseCompleted, { coins: balance - baseline, balance }));
    const count = balance - baseline;
    const episode = payload.episode;
    // Bought to unlock an episode: the toast waits for the unlock and then says both.
    if (episode && payload.unlockAfter && balance >= episode.coinCost) {
      const confirming: Task = yield fork(unlockConfirmed, episode.episodeId);
      yield call(continueOnEpisode, episode, true, balance);
      const unlocked: boolean = yield join(confirming);
      yield put(
        showToast(
          unlocked
            ? {
                type: 'success',
                message: walletT('toast.coinsAddedUnlocked', { count, number: episode.episodeNumber }),
              }
            : {
                type: 'success',
                title: walletT('toast.coinsAddedTitle'),
                message: walletT('toast.coinsAdded', { count }),
              },
        ),
      );
      return;
    }
    yield put(
      showToast({
        type: 'success',
        title: walletT('toast.coinsAddedTitle'),
        message: walletT('toast.coinsAdded', { count }),
      }),
    );
    if (episode) yield call(continueOnEpisode, episode, payload.unlockAfter ?? false, balance);
    return;
  }
  const subscription: ActiveSubscription | null = yield call(waitForGold);
  removeStored('checkout_session_id');
  if (!subscription) {
    yield put(outcomeSettled({ status: 'delayed' }));
    yield put(showToast({ type: 'info', message: CHECKOUT_MESSAGES.goldDelayed }));
    return;
  }
  yield put(subscriptionApi.util.upsertQueryData('walletActiveSubscription', undefined, subscription));
  yield put(goldStatusChanged({ isGold: true, periodEnd: subscription.current_period_end }));
  yield put(outcomeSettled({ status: 'confirmed', periodEnd: subscription.current_period_end }));
  yield call(offerKeepCoins);
  yield put(track(ANALYTICS_EVENTS.subscriptionStarted, { plan: subscription.plan }));
  // Gold opens every episode: the locked one the viewer came back to plays once it is read again.
  if (payload.episode) yield put(baseApi.util.invalidateTags(['Episode']));
  yield put(
    showToast({
      type: 'success',
      title: walletT('toast.welcomeGold'),
      message: walletT('toast.goldUntil', { date: formatDate(subscription.current_period_end) }),
    }),
  );
}

export function* checkoutSaga() {
  yield takeLeading(checkoutRequested.type, startCheckout);
  yield takeLeading(checkoutReturned.type, confirmCheckout);
}
