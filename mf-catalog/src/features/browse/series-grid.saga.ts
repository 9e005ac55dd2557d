/** Loads the series grid's pages (product.md#catalogue) and falls back to the sample catalogue when the list fails (product.md#catalogue). */
import { apiClient, type Paginated, SERIES_LIST_LIMIT, type Series } from '@cliffhanger/shared';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import { SAMPLE_SERIES, storeSampleCatalogue } from '../../lib/sample-catalogue';
import { CATALOG_ENGLISH } from '../../messages';
import {
  categorySelected,
  pageFailed,
  pageLoaded,
  pageRequested,
  type SeriesGridState,
  samplesShown,
  selectSeriesGrid,
} from './series-grid.slice';

/** What the grid keeps when the list fails; shown in the page's language (messages.ts). */
export const SERIES_LIST_ERROR = CATALOG_ENGLISH['series.loadError'];

export async function fetchSeriesPage(page: number, category: string | null): Promise<Paginated<Series>> {
  const response = await apiClient().get<Paginated<Series>>('/series/', {
    params: { limit: SERIES_LIST_LIMIT, ordering: '-created_at', page, ...(category ? { category } : {}) },
  });
  return response.data;
}

export function* loadSeriesPage() {
  const grid: SeriesGridState = yield select(selectSeriesGrid);
  const { requestedPage: page, category } = grid;
  try {
    const answer: Paginated<Series> = yield call(fetchSeriesPage, page, category);
    yield put(pageLoaded({ page, results: answer.results, next: answer.next }));
  } catch {
    yield put(pageFailed({ message: SERIES_LIST_ERROR }));
    if (page === 1) {
      yield call(storeSampleCatalogue);
      yield put(samplesShown({ series: SAMPLE_SERIES }));
    }
  }
}

export function* seriesGridSaga() {
  yield takeLatest([categorySelected.type, pageRequested.type], loadSeriesPage);
}
