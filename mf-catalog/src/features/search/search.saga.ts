/**
 * Search as the viewer types (product.md#search): the query settles 300 ms after the last keystroke, then the
 * results are fetched (RTK Query, keyed by the settled query) and '6.2 Search Submitted' is tracked.
 * The history is read from and written to `search_history` here, never from a component.
 */
import {
  ANALYTICS_EVENTS,
  readStored,
  SEARCH_DEBOUNCE_MS,
  type SearchHistory,
  track,
  writeStored,
} from '@cliffhanger/shared';
import { createAction } from '@reduxjs/toolkit';
import { call, debounce, put, select, takeEvery } from 'redux-saga/effects';
import {
  type SearchState,
  searchHistoryCleared,
  searchHistoryLoaded,
  searchQuerySettled,
  searchSubmitted,
  searchTextChanged,
  selectSearch,
} from './search.slice';
import { normaliseHistory } from './search-history';

/** The search screen opened: load the stored history once. */
export const searchScreenOpened = createAction('catalog/searchScreenOpened');

export function* settleQuery({ payload }: ReturnType<typeof searchTextChanged>) {
  const query = payload.trim();
  const { query: current }: SearchState = yield select(selectSearch);
  if (query === current) return;
  yield put(searchQuerySettled(query));
  if (query) yield put(track(ANALYTICS_EVENTS.searchSubmitted, { query }));
}

export function* loadHistory() {
  yield put(track(ANALYTICS_EVENTS.searchOpened));
  const { historyLoaded }: SearchState = yield select(selectSearch);
  if (historyLoaded) return;
  const stored: SearchHistory | null = yield call(readStored, 'search_history');
  yield put(searchHistoryLoaded(normaliseHistory(stored)));
}

export function* persistHistory() {
  const { history }: SearchState = yield select(selectSearch);
  yield call(writeStored, 'search_history', history);
}

export function* trackHistoryCleared() {
  yield put(track(ANALYTICS_EVENTS.searchHistoryCleared));
}

export function* searchSaga() {
  yield debounce(SEARCH_DEBOUNCE_MS, searchTextChanged.type, settleQuery);
  yield takeEvery(searchScreenOpened.type, loadHistory);
  yield takeEvery([searchSubmitted.type, searchHistoryCleared.type], persistHistory);
  yield takeEvery(searchHistoryCleared.type, trackHistoryCleared);
}
