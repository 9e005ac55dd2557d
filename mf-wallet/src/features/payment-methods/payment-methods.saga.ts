/**
 * Adding, removing and choosing the default card, with a toast for each outcome. The writes and what they
 * do to the cached list (setting a default marks only that card at once, product.md#payments) are the endpoints'.
 */
import { errorMessage, runMutation, SAGA_MUTATION, showToast } from '@cliffhanger/shared';
import { put, takeEvery, takeLeading } from 'redux-saga/effects';
import { walletT } from '../../messages';
import { type PaymentMethod, paymentMethodsApi } from './payment-methods.api';
import {
  paymentMethodAddRequested,
  paymentMethodDefaultRequested,
  paymentMethodRemoveRequested,
  paymentMethodsSettled,
} from './payment-methods.slice';

/** What a failed change of cards tells the viewer, in the page's language when it is said. */
export const PAYMENT_METHOD_MESSAGES = {
  get addFailed() {
    return walletT('cards.addFailed');
  },
  get removeFailed() {
    return walletT('cards.removeFailed');
  },
  get defaultFailed() {
    return walletT('cards.defaultFailed');
  },
};

const { walletAddPaymentMethod, walletRemovePaymentMethod, walletSetDefaultPaymentMethod } =
  paymentMethodsApi.endpoints;

export function* addPaymentMethod({ payload }: ReturnType<typeof paymentMethodAddRequested>) {
  try {
    const method: PaymentMethod = yield* runMutation(
      walletAddPaymentMethod.initiate(payload.paymentMethodId, SAGA_MUTATION),
    );
    yield put(paymentMethodsSettled({ error: null }));
    yield put(
      showToast({
        type: 'success',
        message: method?.last4 ? walletT('cards.addedEnding', { last4: method.last4 }) : walletT('cards.added'),
      }),
    );
  } catch (error) {
    const message = errorMessage(error, PAYMENT_METHOD_MESSAGES.addFailed);
    yield put(paymentMethodsSettled({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

export function* removePaymentMethod({ payload }: ReturnType<typeof paymentMethodRemoveRequested>) {
  try {
    yield* runMutation(walletRemovePaymentMethod.initiate(payload.id, SAGA_MUTATION));
    yield put(paymentMethodsSettled({ error: null }));
    yield put(showToast({ type: 'success', message: walletT('cards.removed') }));
  } catch (error) {
    const message = errorMessage(error, PAYMENT_METHOD_MESSAGES.removeFailed);
    yield put(paymentMethodsSettled({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

export function* setDefaultPaymentMethod({ payload }: ReturnType<typeof paymentMethodDefaultRequested>) {
  try {
    yield* runMutation(walletSetDefaultPaymentMethod.initiate(payload.id, SAGA_MUTATION));
    yield put(paymentMethodsSettled({ error: null }));
    yield put(showToast({ type: 'success', message: walletT('cards.defaultChanged') }));
  } catch (error) {
    const message = errorMessage(error, PAYMENT_METHOD_MESSAGES.defaultFailed);
    yield put(paymentMethodsSettled({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

export function* paymentMethodsSaga() {
  yield takeLeading(paymentMethodAddRequested.type, addPaymentMethod);
  yield takeEvery(paymentMethodRemoveRequested.type, removePaymentMethod);
  yield takeEvery(paymentMethodDefaultRequested.type, setDefaultPaymentMethod);
}
