/**
 * What the unlock sheet does besides opening the payment page (checkout.saga.ts):
 * - one-tap buying with the saved default card, from the sheet or the coin store: a PaymentIntent
 *   confirmed off-session; the coins come from the processor's verified webhook (the answer reports the
 *   balance after it). One idempotency key per tap, so a resent request never charges twice. When the
 *   bank wants the viewer to confirm (3-D Secure), the purchase continues on the payment page instead;
 * - unlocking the rest of the series for the total the server quoted;
 * - unlocking the episode itself, which is the player's job (`player/unlockEpisode`).
 */
import {
  ANALYTICS_EVENTS,
  balanceChanged,
  episodesUnlocked,
  errorMessage,
  runMutation,
  SAGA_MUTATION,
  showToast,
  track,
} from '@cliffhanger/shared';
import { call, put, select, takeLeading } from 'redux-saga/effects';
import { walletT } from '../../messages';
import { continueOnEpisode } from '../checkout/checkout.saga';
import { checkoutRequested } from '../checkout/checkout.slice';
import { offerKeepCoins } from '../keep-coins/keep-coins.slice';
import {
  type PaymentConfirmation,
  type PaymentIntent,
  type SeriesUnlockAnswer,
  unlockSheetApi,
} from './unlock-sheet.api';
import {
  savedCardPurchaseRequested,
  selectUnlockSheet,
  seriesUnlockRequested,
  storePurchaseSettled,
  type UnlockSheetState,
  unlockSheetSettled,
} from './unlock-sheet.slice';

/** What the sheet tells the viewer, in the page's language when it is said. */
export const UNLOCK_SHEET_MESSAGES = {
  get payFailed() {
    return walletT('sheet.payFailed');
  },
  get confirmOnPage() {
    return walletT('sheet.confirmOnPage');
  },
  get processing() {
    return walletT('sheet.processing');
  },
  get seriesFailed() {
    return walletT('sheet.seriesFailed');
  },
};

const { walletCreatePaymentIntent, walletConfirmPayment, walletUnlockSeries } = unlockSheetApi.endpoints;

/** Charges the saved default card: a PaymentIntent, then its off-session confirmation. */
export function* payWithSavedCard(packageId: number, amount: number, currency: string) {
  const idempotencyKey = crypto.randomUUID();
  const intent: PaymentIntent = yield* runMutation(
    walletCreatePaymentIntent.initiate({ packageId, amount, currency, idempotencyKey }, SAGA_MUTATION),
  );
  const answer: PaymentConfirmation = yield* runMutation(
    walletConfirmPayment.initiate(intent.payment_intent_id, SAGA_MUTATION),
  );
  return answer;
}

export function* buyWithSavedCard({ payload }: ReturnType<typeof savedCardPurchaseRequested>) {
  const fromStore = payload.source === 'store';
  const sheet: UnlockSheetState = yield select(selectUnlockSheet);
  const episode = fromStore ? null : sheet.episode;
  const unlockAfter = !fromStore && sheet.unlockAfter;
  // The sheet shows what went wrong inside it; the store, which has no place for it, in a toast.
  const settled = (error: string | null, close?: boolean) =>
    fromStore ? storePurchaseSettled() : unlockSheetSettled({ error, close });
  const told = (message: string, type: 'info' | 'error') => put(showToast({ type, message }));
  yield put(track(ANALYTICS_EVENTS.coinPurchaseStarted, { package_id: payload.packageId, saved_card: true }));
  try {
    const answer: PaymentConfirmation = yield call(
      payWithSavedCard,
      payload.packageId,
      payload.amount,
      payload.currency,
    );
    if (answer.status === 'requires_action') {
      // 3-D Secure: the processor's payment page asks the bank, then brings the viewer back here.
      yield put(settled(null));
      yield put(showToast({ type: 'info', message: UNLOCK_SHEET_MESSAGES.confirmOnPage }));
      yield put(
        checkoutRequested({
          kind: 'coins',
          packageId: payload.packageId,
          returnTo: episode?.returnTo,
          unlockEpisodeId: unlockAfter ? episode?.episodeId : undefined,
        }),
      );
      return;
    }
    if (answer.status !== 'succeeded') {
      yield put(settled(UNLOCK_SHEET_MESSAGES.processing));
      if (fromStore) yield told(UNLOCK_SHEET_MESSAGES.processing, 'info');
      return;
    }
    yield put(balanceChanged({ balance: answer.balance, reason: 'purchase' }));
    yield put(track(ANALYTICS_EVENTS.coinPurchaseCompleted, { coins: answer.coins, balance: answer.balance }));
    yield put(
      showToast({
        type: 'success',
        title: walletT('toast.coinsAddedTitle'),
        message: walletT('toast.coinsAdded', { count: answer.coins }),
      }),
    );
    yield put(settled(null, unlockAfter));
    yield call(offerKeepCoins);
    if (episode && unlockAfter) yield call(continueOnEpisode, episode, true, answer.balance);
  } catch (error) {
    const message = errorMessage(error, UNLOCK_SHEET_MESSAGES.payFailed);
    yield put(settled(message));
    if (fromStore) yield told(message, 'error');
  }
}

export function* unlockWholeSeries({ payload }: ReturnType<typeof seriesUnlockRequested>) {
  try {
    const answer: SeriesUnlockAnswer = yield* runMutation(
      walletUnlockSeries.initiate({ seriesId: payload.seriesId, coins: payload.coins }, SAGA_MUTATION),
    );
    yield put(balanceChanged({ balance: answer.balance, reason: 'unlock' }));
    yield put(
      episodesUnlocked({ seriesId: payload.seriesId, episodeIds: answer.unlocked_ids, balance: answer.balance }),
    );
    for (const episodeId of answer.unlocked_ids) {
      yield put(track(ANALYTICS_EVENTS.episodeUnlocked, { episode_id: episodeId, series_id: payload.seriesId }));
    }
    yield put(unlockSheetSettled({ error: null, close: true }));
    yield put(showToast({ type: 'success', message: answer.message }));
  } catch (error) {
    const message = errorMessage(error, UNLOCK_SHEET_MESSAGES.seriesFailed);
    yield put(unlockSheetSettled({ error: message }));
  }
}

export function* unlockSheetSaga() {
  yield takeLeading(savedCardPurchaseRequested.type, buyWithSavedCard);
  yield takeLeading(seriesUnlockRequested.type, unlockWholeSeries);
}
