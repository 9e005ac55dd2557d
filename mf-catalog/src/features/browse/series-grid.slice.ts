/**
 * The home screen's series grid (product.md#catalogue): the selected category and the pages loaded so far. Changing the
 * category resets the page to 1 and empties the list; page 1 replaces the list and later pages append;
 * more pages exist while the last answer had a `next` link.
 */

import type { Series } from '@cliffhanger/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type GridStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface SeriesGridState {
  category: string | null;
  /** The last page loaded (1 after a category change, product.md#catalogue). */
  page: number;
  /** The page on its way, or the one that last failed (what "Try again" asks for). */
  requestedPage: number;
  items: Series[];
  hasMore: boolean;
  status: GridStatus;
  error: string | null;
  /** True when the API failed and the built-in sample catalogue is shown instead (product.md#catalogue). */
  usingSamples: boolean;
}

export const initialSeriesGridState: SeriesGridState = {
  category: null,
  page: 1,
  requestedPage: 1,
  items: [],
  hasMore: false,
  status: 'idle',
  error: null,
  usingSamples: false,
};

export const seriesGridSlice = createSlice({
  name: 'seriesGrid',
  initialState: initialSeriesGridState,
  reducers: {
    categorySelected(state, action: PayloadAction<string | null>) {
      state.category = action.payload;
      state.page = 1;
      state.requestedPage = 1;
      state.items = [];
      state.hasMore = false;
      state.status = 'loading';
      state.error = null;
      state.usingSamples = false;
    },
    pageRequested(state, action: PayloadAction<{ page: number }>) {
      state.requestedPage = action.payload.page;
      state.status = 'loading';
      state.error = null;
    },
    pageLoaded(state, action: PayloadAction<{ page: number; results: Series[]; next: string | null }>) {
      const { page, results, next } = action.payload;
      // An answer for a page no longer wanted (the category changed meanwhile) is dropped.
      if (page !== state.requestedPage) return;
      if (page === 1) {
        state.items = results;
      } else {
        const known = new Set(state.items.map((s) => s.id));
        state.items.push(...results.filter((s) => !known.has(s.id)));
      }
      state.page = page;
      state.hasMore = !!next;
      state.status = 'loaded';
      state.error = null;
      state.usingSamples = false;
    },
    pageFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.error = action.payload.message;
    },
    samplesShown(state, action: PayloadAction<{ series: Series[] }>) {
      state.items = action.payload.series;
      state.page = 1;
      state.requestedPage = 1;
      state.hasMore = false;
      state.status = 'loaded';
      state.usingSamples = true;
    },
  },
});

export const { categorySelected, pageRequested, pageLoaded, pageFailed, samplesShown } = seriesGridSlice.actions;

/** The page to ask for next, or null while a page is loading or when none is left. */
export function nextPageOf(state: SeriesGridState): number | null {
  if (state.status === 'loading' || !state.hasMore) return null;
  return state.page + 1;
}

/** This feature's part of the catalogue's state (mounted under `catalog.grid`, catalog.state.ts). */
export const selectSeriesGrid = (state: { catalog: { grid: SeriesGridState } }) => state.catalog.grid;
