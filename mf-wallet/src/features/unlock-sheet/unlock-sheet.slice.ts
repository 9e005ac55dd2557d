/**
 * The unlock sheet over a locked episode: opened by the player (`wallet/openUnlockSheet`), closed by
 * the viewer. It remembers whether the viewer wants the episode unlocked right after buying coins
 * (ticked by default) and what a purchase with the saved card is doing.
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
}

const initialState: UnlockSheetState = { open: false, episode: null, unlockAfter: true, busy: 'idle', error: null };

/** Request: buy a package with the saved default card (no payment page), from the sheet. */
export const savedCardPurchaseRequested = createAction<{ packageId: number; amount: number; currency: string }>(
  'unlockSheet/savedCardPurchaseRequested',
);
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
  },
  extraReducers: (builder) => {
    builder
      .addCase(unlockSheetRequested, (state, { payload }) => {
        state.open = true;
        state.episode = payload;
        state.error = null;
        state.busy = 'idle';
      })
      .addCase(savedCardPurchaseRequested, (state) => {
        state.busy = 'paying';
        state.error = null;
      })
      .addCase(seriesUnlockRequested, (state) => {
        state.busy = 'unlocking-series';
        state.error = null;
      });
  },
});

export const { unlockSheetClosed, unlockAfterChanged, unlockSheetSettled } = unlockSheetSlice.actions;

type WithSheet = { wallet: { unlockSheet: UnlockSheetState } };
export const selectUnlockSheet = (state: WithSheet) => state.wallet.unlockSheet;
