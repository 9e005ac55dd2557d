/**
 * The viewer's list as this page knows it (product.md#my-list): add appends a known series if it is absent, remove
 * filters it out. It follows the bus events, so a change made in any remote shows here at once.
 */

import {
  type Id,
  type Series,
  seriesAddedToList,
  seriesRemovedFromList,
  signedIn,
  signedOut,
} from '@cliffhanger/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface MyListState {
  items: Series[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Series whose add or remove is on its way to the API. */
  pending: Id[];
}

export const initialMyListState: MyListState = { items: [], status: 'idle', pending: [] };

export const myListSlice = createSlice({
  name: 'myList',
  initialState: initialMyListState,
  reducers: {
    myListRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    myListLoaded(state, action: PayloadAction<Series[]>) {
      state.items = action.payload;
      state.status = 'loaded';
    },
    myListFailed(state) {
      state.status = 'failed';
    },
    /**
     * Add or remove. `quiet` leaves the toast out (the my-list screen says it in place, with Undo);
     * `index` puts a series added back where it was.
     */
    myListToggleRequested(
      state,
      action: PayloadAction<{ series: Series; add: boolean; quiet?: boolean; index?: number }>,
    ) {
      if (!state.pending.includes(action.payload.series.id)) state.pending.push(action.payload.series.id);
    },
    myListToggleSettled(state, action: PayloadAction<{ seriesId: Id }>) {
      state.pending = state.pending.filter((id) => id !== action.payload.seriesId);
    },
    /** Moves a listed series to a place in the list (an undone remove goes back where it was). */
    myListItemPlaced(state, action: PayloadAction<{ seriesId: Id; index: number }>) {
      const from = state.items.findIndex((s) => s.id === action.payload.seriesId);
      if (from < 0) return;
      const [item] = state.items.splice(from, 1);
      const to = Math.max(0, Math.min(state.items.length, action.payload.index));
      if (item) state.items.splice(to, 0, item);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(seriesAddedToList, (state, { payload }) => {
        if (!payload.series || state.items.some((s) => s.id === payload.series.id)) return;
        state.items.push(payload.series);
      })
      .addCase(seriesRemovedFromList, (state, { payload }) => {
        state.items = state.items.filter((s) => s.id !== payload.seriesId);
      })
      // Another person's list must not linger after a change of account.
      .addCase(signedIn, () => initialMyListState)
      .addCase(signedOut, () => initialMyListState);
  },
});

export const {
  myListRequested,
  myListLoaded,
  myListFailed,
  myListToggleRequested,
  myListToggleSettled,
  myListItemPlaced,
} = myListSlice.actions;

/** This feature's part of the catalogue's state (mounted under `catalog.myList`, catalog.state.ts). */
export const selectMyList = (state: { catalog: { myList: MyListState } }) => state.catalog.myList;
