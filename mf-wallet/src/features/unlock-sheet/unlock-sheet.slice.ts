/**
 * The unlock sheet over a locked episode: opened by the player (`wallet/openUnlockSheet`), closed by
 * the viewer. It remembers whether the viewer wants the episode unlocked right after buying coins
 * (ticked by default) and what a purchase with the saved card is doing — from the sheet, or from the
 * coin store (/coins), which buys with the same card through the same saga.
 */
import { type UnlockSheetEpisode, unlockSheetRequested } from '@cliffhanger/shared';
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UnlockSheetState {
  open: boolean;
  episode: UnlockSheetEpisode | null;
  unlockAfter: boolean;
  /** One-tap buying with the default card, or the series total. */
  busy: 'idle' | 'paying' | 'unlocking-series';
  error: string | null;
  /** The pack the coin store is buying with the saved card, if any. */
  storePaying: number | null;
}

const initialState: UnlockSheetState = {
  open: false,
  episode: null,
  unlockAfter: true,
  busy: 'idle',
  error: null,
  storePaying: null,
};

/** Request: buy a package with the saved default card (no payment page), from the sheet or the store. */
export const savedCardPurchaseRequested = createAction<{
  packageId: number;
  amount: number;
  currency: string;
  source?: 'sheet' | 'store';
}>('unlockSheet/savedCardPurchaseRequested');
/** Request: unlock every remaining episode of the series for the total the sheet showed. */
export const seriesUnlockRequested = createAction<{ seriesId: number; coins: number }>(
  'unlockSheet/seriesUnlockRequested',
);

export const unlockSheetSlice = createSlice({
  name: 'unlockSheet',
  initialState,
  reducers: {
    unlockSheetClosed(state) {
      state.open = false;
      state.error = null;
    },
    unlockAfterChanged(state, { payload }: PayloadAction<boolean>) {
      state.unlockAfter = payload;
    },
    unlockSheetSettled(state, { payload }: PayloadAction<{ error: string | null; close?: boolean }>) {
      state.busy = 'idle';
      state.error = payload.error;
      if (payload.close) state.open = false;
    },
    storePurchaseSettled(state) {
      state.storePaying = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(unlockSheetRequested, (state, { payload }) => {
        state.open = true;
        state.episode = payload;
        state.error = null;
        state.busy = 'idle';
      })
      .addCase(savedCardPurchaseRequested, (state, { payload }) => {
        if (payload.source === 'store') {
          state.storePaying = payload.packageId;
          return;
        }
        state.busy = 'paying';
        state.error = null;
      })
      .addCase(seriesUnlockRequested, (state) => {
        state.busy = 'unlocking-series';
        state.error = null;
      });
  },
});

export const { unlockSheetClosed, unlockAfterChanged, unlockSheetSettled, storePurchaseSettled } =
  unlockSheetSlice.actions;

type WithSheet = { wallet: { unlockSheet: UnlockSheetState } };
export const selectUnlockSheet = (state: WithSheet) => state.wallet.unlockSheet;
