/**
 * Adding, removing and choosing the default card. Setting a default marks only that card (§4): the
 * cached list changes at once and is put back if the server refuses.
 */
import { apiClient, errorMessage, showToast } from '@cliffhanger/shared';
import { call, put, takeEvery, takeLeading } from 'redux-saga/effects';
import { markDefault, type PaymentMethod, paymentMethodsApi } from './payment-methods.api';
import {
  paymentMethodAddRequested,
  paymentMethodDefaultRequested,
  paymentMethodRemoveRequested,
  paymentMethodsSettled,
} from './payment-methods.slice';

export const PAYMENT_METHOD_MESSAGES = {
  addFailed: 'Your card could not be added. Please check it and try again.',
  removeFailed: 'The card could not be removed. Please try again.',
  defaultFailed: 'The default card could not be changed. Please try again.',
} as const;

const reason = (error: unknown, fallback: string) =>
  errorMessage((error as { response?: unknown })?.response, fallback);

export async function postPaymentMethod(paymentMethodId: string): Promise<PaymentMethod> {
  const { data } = await apiClient().post<PaymentMethod>('/payment-methods/', { payment_method_id: paymentMethodId });
  return data;
}

export async function deletePaymentMethod(id: number): Promise<PaymentMethod[] | null> {
  const { data } = await apiClient().delete<PaymentMethod[] | null>(`/payment-methods/${id}/`);
  return Array.isArray(data) ? data : null;
}

export async function postDefault(id: number): Promise<PaymentMethod[] | null> {
  const { data } = await apiClient().post<PaymentMethod[] | null>(`/payment-methods/${id}/set-default/`);
  return Array.isArray(data) ? data : null;
}

const replaceList = (list: PaymentMethod[]) =>
  paymentMethodsApi.util.upsertQueryData('walletPaymentMethods', undefined, list);

export function* addPaymentMethod({ payload }: ReturnType<typeof paymentMethodAddRequested>) {
  try {
    const method: PaymentMethod = yield call(postPaymentMethod, payload.paymentMethodId);
    yield put(paymentMethodsApi.util.invalidateTags(['PaymentMethod']));
    yield put(paymentMethodsSettled({ error: null }));
    yield put(
      showToast({ type: 'success', message: method?.last4 ? `Card ending ${method.last4} added.` : 'Card added.' }),
    );
  } catch (error) {
    const message = reason(error, PAYMENT_METHOD_MESSAGES.addFailed);
    yield put(paymentMethodsSettled({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

export function* removePaymentMethod({ payload }: ReturnType<typeof paymentMethodRemoveRequested>) {
  try {
    const list: PaymentMethod[] | null = yield call(deletePaymentMethod, payload.id);
    if (list) yield put(replaceList(list));
    else yield put(paymentMethodsApi.util.invalidateTags(['PaymentMethod']));
    yield put(paymentMethodsSettled({ error: null }));
    yield put(showToast({ type: 'success', message: 'Card removed.' }));
  } catch (error) {
    const message = reason(error, PAYMENT_METHOD_MESSAGES.removeFailed);
    yield put(paymentMethodsSettled({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

export function* setDefaultPaymentMethod({ payload }: ReturnType<typeof paymentMethodDefaultRequested>) {
  const patch: { undo: () => void } = yield put(
    paymentMethodsApi.util.updateQueryData('walletPaymentMethods', undefined, (list) => markDefault(list, payload.id)),
  );
  try {
    const list: PaymentMethod[] | null = yield call(postDefault, payload.id);
    if (list) yield put(replaceList(list));
    yield put(paymentMethodsSettled({ error: null }));
    yield put(showToast({ type: 'success', message: 'Default card updated.' }));
  } catch (error) {
    patch.undo();
    const message = reason(error, PAYMENT_METHOD_MESSAGES.defaultFailed);
    yield put(paymentMethodsSettled({ error: message }));
    yield put(showToast({ type: 'error', message }));
  }
}

export function* paymentMethodsSaga() {
  yield takeLeading(paymentMethodAddRequested.type, addPaymentMethod);
  yield takeEvery(paymentMethodRemoveRequested.type, removePaymentMethod);
  yield takeEvery(paymentMethodDefaultRequested.type, setDefaultPaymentMethod);
}
