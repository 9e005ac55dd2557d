/** The catalogue remote's root saga: each feature runs on its own, so one failing does not stop the rest. */
import {
  baseApi,
  catalogueChanged,
  episodeUnlocked,
  episodeWatched,
  progressSaved,
  watchHistoryCleared,
} from '@cliffhanger/shared';
import { put, spawn, takeEvery } from 'redux-saga/effects';
import { seriesGridSaga } from './features/browse/series-grid.saga';
import { watchFirstScreen } from './features/home/first-screen.saga';
import { myListSaga } from './features/my-list/my-list.saga';
import { searchSaga } from './features/search/search.saga';
import { CATALOG_EPISODES_TAG } from './lib/catalogue.api';

export function* refreshContinueWatching() {
  yield put(baseApi.util.invalidateTags(['ContinueWatching', 'History']));
}

export function* refreshEpisodes() {
  yield put(baseApi.util.invalidateTags([CATALOG_EPISODES_TAG, 'ContinueWatching']));
}

export function* refreshCatalogue() {
  yield put(baseApi.util.invalidateTags(['Series', 'Episode']));
}

function* watchCatalogueChanges() {
  yield takeEvery(watchHistoryCleared.type, refreshContinueWatching);
  yield takeEvery([progressSaved.type, episodeWatched.type, episodeUnlocked.type], refreshEpisodes);
  yield takeEvery(catalogueChanged.type, refreshCatalogue);
}

export function* catalogueSaga() {
  yield spawn(watchCatalogueChanges);
  yield spawn(watchFirstScreen);
  yield spawn(seriesGridSaga);
  yield spawn(myListSaga);
  yield spawn(searchSaga);
}
