/** The catalogue remote's slice of the host store, mounted under `catalog`. */
import { combineReducers } from '@reduxjs/toolkit';
import { type SeriesGridState, seriesGridSlice } from './features/browse/series-grid.slice';
import { type MyListState, myListSlice } from './features/my-list/my-list.slice';
import { type SearchState, searchSlice } from './features/search/search.slice';

export const catalogReducer = combineReducers({
  grid: seriesGridSlice.reducer,
  myList: myListSlice.reducer,
  search: searchSlice.reducer,
});

export interface CatalogState {
  grid: SeriesGridState;
  myList: MyListState;
  search: SearchState;
}
