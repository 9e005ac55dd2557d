/** Reads the viewer's list and asks for add / remove (product.md#my-list), announcing each change on the bus. */
import {
  apiClient,
  currentLanguage,
  errorMessage,
  localizedTitle,
  type Paginated,
  runMutation,
  SAGA_MUTATION,
  type Series,
  seriesAddedToList,
  seriesRemovedFromList,
  showToast,
} from '@cliffhanger/shared';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { catalogueApi } from '../../lib/catalogue.api';
import { catalogT } from '../../messages';
import {
  myListFailed,
  myListItemPlaced,
  myListLoaded,
  myListRequested,
  myListToggleRequested,
  myListToggleSettled,
} from './my-list.slice';

export async function fetchMyList(): Promise<Series[]> {
  const { data } = await apiClient().get<Series[] | Paginated<Series>>('/users/my-list/');
  return Array.isArray(data) ? data : data.results;
}

export function* changeMyList(seriesId: number, add: boolean) {
  yield* runMutation(catalogueApi.endpoints.catalogMyListChange.initiate({ seriesId, add }, SAGA_MUTATION));
}

export function* loadMyList() {
  try {
    const items: Series[] = yield call(fetchMyList);
    yield put(myListLoaded(items));
  } catch (error) {
    // No list yet (a brand-new guest) is an empty list, not a failure.
    if ((error as { response?: { status?: number } }).response?.status === 404) yield put(myListLoaded([]));
    else yield put(myListFailed());
  }
}

export function* toggleMyList({ payload }: ReturnType<typeof myListToggleRequested>) {
  const { series, add, quiet, index } = payload;
  try {
    yield call(changeMyList, series.id, add);
    yield put(add ? seriesAddedToList({ series }) : seriesRemovedFromList({ seriesId: series.id }));
    if (add && index !== undefined) yield put(myListItemPlaced({ seriesId: series.id, index }));
    if (!quiet) {
      const title = localizedTitle(series, currentLanguage());
      yield put(
        showToast({
          type: 'success',
          message: catalogT(add ? 'myList.added' : 'myList.removed', { title }),
        }),
      );
    }
  } catch (error) {
    const fallback = catalogT(add ? 'myList.addFailed' : 'myList.removeFailed');
    yield put(showToast({ type: 'error', message: errorMessage(error, fallback) }));
  } finally {
    yield put(myListToggleSettled({ seriesId: series.id }));
  }
}

export function* myListSaga() {
  yield takeLatest(myListRequested.type, loadMyList);
  yield takeEvery(myListToggleRequested.type, toggleMyList);
}
