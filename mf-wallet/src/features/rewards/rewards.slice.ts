/** What the rewards screen is doing right now: claiming today's bonus, or sharing through a channel. */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { RewardShareChannel } from './rewards.api';

export interface RewardsState {
  claiming: boolean;
  sharing: RewardShareChannel | null;
}

export const dailyBonusClaimRequested = createAction('rewards/dailyBonusClaimRequested');
/** `url` is what is shared; link channels (messaging apps, e-mail, SMS) have already opened it. */
export const shareRequested = createAction<{ channel: RewardShareChannel; url: string; text: string }>(
  'rewards/shareRequested',
);

export const rewardsSlice = createSlice({
  name: 'rewards',
  initialState: { claiming: false, sharing: null } as RewardsState,
  reducers: {
    claimSettled(state) {
      state.claiming = false;
    },
    shareSettled(state) {
      state.sharing = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(dailyBonusClaimRequested, (state) => {
        state.claiming = true;
      })
      .addCase(shareRequested, (state, { payload }) => {
        state.sharing = payload.channel;
      });
  },
});

export const { claimSettled, shareSettled } = rewardsSlice.actions;
export const selectRewardsActivity = (state: { wallet: { rewards: RewardsState } }) => state.wallet.rewards;
