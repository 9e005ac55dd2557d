/**
 * The search screen's state: what is typed, the query last sent (after the debounce) and the history
 * of searches the viewer ran (product.md#search). The saga persists the history under `search_history`.
 */

import type { SearchHistory } from '@cliffhanger/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { addToHistory } from './search-history';

export interface SearchState {
  text: string;
  /** The trimmed query the results are for; '' shows the history instead. */
  query: string;
  history: SearchHistory;
  historyLoaded: boolean;
}

export const initialSearchState: SearchState = { text: '', query: '', history: [], historyLoaded: false };

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    searchTextChanged(state, action: PayloadAction<string>) {
      state.text = action.payload;
      if (!action.payload.trim()) state.query = '';
    },
    searchQuerySettled(state, action: PayloadAction<string>) {
      state.query = action.payload;
    },
    /** The viewer committed to a search: pressed Enter, picked a result or a history entry. */
    searchSubmitted(state, action: PayloadAction<string>) {
      state.history = addToHistory(state.history, action.payload);
      const term = action.payload.trim();
      if (term) {
        state.text = term;
        state.query = term;
      }
    },
    /** The address named a query (`?q=`, after a reload or back): show its results, adding no history. */
    searchRestored(state, action: PayloadAction<string>) {
      state.text = action.payload;
      state.query = action.payload.trim();
    },
    searchHistoryLoaded(state, action: PayloadAction<SearchHistory>) {
      state.history = action.payload;
      state.historyLoaded = true;
    },
    searchHistoryCleared(state) {
      state.history = [];
    },
  },
});

export const {
  searchTextChanged,
  searchQuerySettled,
  searchSubmitted,
  searchRestored,
  searchHistoryLoaded,
  searchHistoryCleared,
} = searchSlice.actions;

/** This feature's part of the catalogue's state (mounted under `catalog.search`, catalog.state.ts). */
export const selectSearch = (state: { catalog: { search: SearchState } }) => state.catalog.search;
