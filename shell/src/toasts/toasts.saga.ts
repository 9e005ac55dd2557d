import { dismissToast, showToast } from '@cliffhanger/shared';
import { delay, fork, put, takeEvery } from 'redux-saga/effects';
import { toastAdded, toToast } from './toasts.slice';

function* expire(id: string, duration: number) {
  yield delay(duration);
  yield put(dismissToast({ id }));
}

export function* showToastWorker({ payload }: ReturnType<typeof showToast>) {
  const toast = toToast(payload);
  yield put(toastAdded(toast));
  yield fork(expire, toast.id, toast.duration);
}

export function* toastsSaga() {
  yield takeEvery(showToast.type, showToastWorker);
}
