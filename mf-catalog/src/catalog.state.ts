/** The catalogue remote's slice of the host store, mounted under `catalog`. */
import { combineReducers } from '@reduxjs/toolkit';
import { type SeriesGridState, seriesGridSlice } from './browse/series-grid.slice';
import { type MyListState, myListSlice } from './my-list/my-list.slice';
import { type SearchState, searchSlice } from './search/search.slice';

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

type WithCatalog = { catalog: CatalogState };

export const selectSeriesGrid = (state: WithCatalog) => state.catalog.grid;
export const selectMyList = (state: WithCatalog) => state.catalog.myList;
export const selectSearch = (state: WithCatalog) => state.catalog.search;
export const selectIsInMyList = (seriesId: number) => (state: WithCatalog) =>
  state.catalog.myList.items.some((s) => s.id === seriesId);
