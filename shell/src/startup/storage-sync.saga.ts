/**
 * The storage sync service (product.md#sync): staff publish changes into browser storage from the admin
 * area; viewer screens in every tab learn about them here. The synced keys are compared every 5 s and
 * 500 ms after start, and at once when another tab writes storage (the `storage` event); a change is
 * announced with `catalogue/changed`, which the catalogue remote answers by refetching.
 */
import {
  ADMIN_SYNC_FIRST_DELAY_MS,
  ADMIN_SYNC_INTERVAL_MS,
  catalogueChanged,
  readRawStored,
  STORED_COLLECTION_KEYS,
  type StorageKey,
} from '@cliffhanger/shared';
import { type EventChannel, eventChannel } from 'redux-saga';
import { call, delay, fork, put, take, takeEvery } from 'redux-saga/effects';

export const SYNCED_KEYS: readonly StorageKey[] = [...STORED_COLLECTION_KEYS, 'series_media_overrides'];

/** One string that changes whenever any synced key changes. */
export function storageFingerprint(): string {
  return JSON.stringify(SYNCED_KEYS.map((key) => readRawStored(key)));
}

/** Another tab wrote storage: emits the key (or 'all' when storage was cleared). */
export function storageEventChannel(win: Window): EventChannel<string> {
  return eventChannel((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null) emit('all');
      else if ((SYNCED_KEYS as readonly string[]).includes(event.key)) emit(event.key);
    };
    win.addEventListener('storage', onStorage);
    return () => win.removeEventListener('storage', onStorage);
  });
}

export function* storageSyncSaga(win: Window = window) {
  let last = storageFingerprint();
  function* check() {
    const now = storageFingerprint();
    if (now === last) return;
    last = now;
    yield put(catalogueChanged({ at: Date.now() }));
  }
  // A change announced in this tab (staff publishing here) is already known: no second announcement.
  yield takeEvery(catalogueChanged.type, () => {
    last = storageFingerprint();
  });
  const events: EventChannel<string> = yield call(storageEventChannel, win);
  yield fork(function* watchOtherTabs() {
    while (true) {
      yield take(events);
      yield call(check);
    }
  });
  yield delay(ADMIN_SYNC_FIRST_DELAY_MS);
  yield call(check);
  while (true) {
    yield delay(ADMIN_SYNC_INTERVAL_MS);
    yield call(check);
  }
}
