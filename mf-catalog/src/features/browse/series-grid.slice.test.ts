import { series } from '../../test/fixtures';
import {
  categorySelected,
  initialSeriesGridState,
  nextPageOf,
  pageFailed,
  pageLoaded,
  pageRequested,
  seriesGridSlice,
} from './series-grid.slice';

const reduce = seriesGridSlice.reducer;

describe('the series grid', () => {
  it('replaces the list with page 1 and appends later pages', () => {
    let state = reduce(initialSeriesGridState, pageRequested({ page: 1 }));
    state = reduce(state, pageLoaded({ page: 1, results: [series(1), series(2)], next: '/api/series/?page=2' }));
    expect(state.items.map((s) => s.id)).toEqual([1, 2]);
    state = reduce(state, pageRequested({ page: 2 }));
    state = reduce(state, pageLoaded({ page: 2, results: [series(3)], next: null }));
    expect(state.items.map((s) => s.id)).toEqual([1, 2, 3]);
    state = reduce(state, pageRequested({ page: 1 }));
    state = reduce(state, pageLoaded({ page: 1, results: [series(9)], next: null }));
    expect(state.items.map((s) => s.id)).toEqual([9]);
  });

  it('has more pages only while the last answer had a next link', () => {
    let state = reduce(initialSeriesGridState, pageRequested({ page: 1 }));
    state = reduce(state, pageLoaded({ page: 1, results: [series(1)], next: '/api/series/?page=2' }));
    expect(state.hasMore).toBe(true);
    expect(nextPageOf(state)).toBe(2);
    state = reduce(state, pageRequested({ page: 2 }));
    expect(nextPageOf(state)).toBeNull(); // nothing more while a page loads
    state = reduce(state, pageLoaded({ page: 2, results: [series(2)], next: null }));
    expect(state.hasMore).toBe(false);
    expect(nextPageOf(state)).toBeNull();
  });

  it('resets the page to 1 and empties the list when the category changes', () => {
    let state = reduce(initialSeriesGridState, pageRequested({ page: 1 }));
    state = reduce(state, pageLoaded({ page: 1, results: [series(1)], next: 'next' }));
    state = reduce(state, pageRequested({ page: 2 }));
    state = reduce(state, pageLoaded({ page: 2, results: [series(2)], next: 'next' }));
    state = reduce(state, categorySelected('romance'));
    expect(state).toMatchObject({ category: 'romance', page: 1, requestedPage: 1, items: [], hasMore: false });
  });

  it('drops a late answer for a page no longer wanted', () => {
    let state = reduce(initialSeriesGridState, pageRequested({ page: 2 }));
    state = reduce(state, categorySelected('drama'));
    state = reduce(state, pageLoaded({ page: 2, results: [series(7)], next: null }));
    expect(state.items).toEqual([]);
  });

  it('asks again for the page that failed, not the one after it', () => {
    let state = reduce(initialSeriesGridState, pageRequested({ page: 1 }));
    state = reduce(state, pageLoaded({ page: 1, results: [series(1)], next: 'next' }));
    state = reduce(state, pageRequested({ page: 2 }));
    state = reduce(state, pageFailed({ message: 'Failed to fetch series' }));
    expect(state.error).toBe('Failed to fetch series');
    expect(state.requestedPage).toBe(2);
    expect(nextPageOf(state)).toBe(2);
  });
});
