/** The wallet's root saga: each feature runs on its own, so one failure does not stop the others. */
import {
  balanceChanged,
  baseApi,
  episodesUnlocked,
  episodeUnlocked,
  navigationRequested,
  openCoinStore,
  paths,
  signedIn,
  signedOut,
} from '@cliffhanger/shared';
import { put, spawn, takeEvery } from 'redux-saga/effects';
import { checkoutSaga } from './checkout/checkout.saga';
import { paymentMethodsSaga } from './payment-methods/payment-methods.saga';
import { rewardsSaga } from './rewards/rewards.saga';
import { subscriptionSaga } from './subscription/subscription.saga';
import { unlockSheetSaga } from './unlock-sheet/unlock-sheet.saga';

/** Coins moved somewhere on the page (an unlock, a reward, a purchase): the transactions list is stale. */
export function* refreshTransactions() {
  yield put(baseApi.util.invalidateTags(['Transaction', 'Rewards']));
}

/** Someone else is signed in now: nothing the wallet read belongs to them. */
export function* forgetViewer() {
  yield put(baseApi.util.invalidateTags(['Subscription', 'PaymentMethod', 'Transaction', 'Rewards']));
}

/** Request `wallet/openStore`: the coin store, with the way back when there is one. */
export function* openStore({ payload }: ReturnType<typeof openCoinStore>) {
  const to = payload.returnTo ? `${paths.coins()}?returnTo=${encodeURIComponent(payload.returnTo)}` : paths.coins();
  yield put(navigationRequested({ to }));
}

function* followBus() {
  yield takeEvery([episodeUnlocked.type, balanceChanged.type, episodesUnlocked.type], refreshTransactions);
  yield takeEvery([signedIn.type, signedOut.type], forgetViewer);
  yield takeEvery(openCoinStore.type, openStore);
}

export function* walletSaga() {
  yield spawn(followBus);
  yield spawn(checkoutSaga);
  yield spawn(subscriptionSaga);
  yield spawn(rewardsSaga);
  yield spawn(paymentMethodsSaga);
  yield spawn(unlockSheetSaga);
}
