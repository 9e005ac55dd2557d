/** The hidden follow prompt's state (product.md#shell): open or closed, and where its reward claim stands. */
import { createSlice } from '@reduxjs/toolkit';

export interface FollowPromptState {
  open: boolean;
  claim: 'idle' | 'claiming' | 'claimed';
}

export const followPromptSlice = createSlice({
  name: 'followPrompt',
  initialState: { open: false, claim: 'idle' } as FollowPromptState,
  reducers: {
    followPromptOpened(state) {
      state.open = true;
    },
    followPromptClosed(state) {
      state.open = false;
    },
    followRewardRequested(state) {
      state.claim = 'claiming';
    },
    /** What the server says of the viewer's follow reward when the prompt opens. */
    followRewardKnown(state, action: { payload: { claimed: boolean } }) {
      if (state.claim !== 'claiming') state.claim = action.payload.claimed ? 'claimed' : 'idle';
    },
    followRewardSettled(state, action: { payload: { claimed: boolean } }) {
      state.claim = action.payload.claimed ? 'claimed' : 'idle';
      if (action.payload.claimed) state.open = false;
    },
  },
});

export const { followPromptOpened, followPromptClosed, followRewardKnown, followRewardRequested, followRewardSettled } =
  followPromptSlice.actions;
export const selectFollowPrompt = (state: { followPrompt: FollowPromptState }) => state.followPrompt;
