/** Cancelling or reactivating Gold: one change at a time, with its failure kept for the screen. */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type SubscriptionChange = 'cancel' | 'reactivate';

export interface SubscriptionChangeState {
  pending: SubscriptionChange | null;
  error: string | null;
}

export const subscriptionChangeRequested = createAction<{ change: SubscriptionChange }>('subscriptionChange/requested');

export const subscriptionChangeSlice = createSlice({
  name: 'subscriptionChange',
  initialState: { pending: null, error: null } as SubscriptionChangeState,
  reducers: {
    subscriptionChangeStarted(state, { payload }: PayloadAction<SubscriptionChange>) {
      state.pending = payload;
      state.error = null;
    },
    subscriptionChangeSettled(state, { payload }: PayloadAction<{ error: string | null }>) {
      state.pending = null;
      state.error = payload.error;
    },
  },
});

export const { subscriptionChangeStarted, subscriptionChangeSettled } = subscriptionChangeSlice.actions;

export const selectSubscriptionChange = (state: { wallet: { subscriptionChange: SubscriptionChangeState } }) =>
  state.wallet.subscriptionChange;
