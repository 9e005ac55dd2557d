/**
 * "Keep your coins on any device" (issue #35): right after a guest's purchase succeeds the wallet asks
 * once, in one step, for an address to keep what was paid for with. Offered again only by the next
 * purchase; closed by sending or by "Not now". Never for a signed-in account (it has its address).
 */
import { selectSession } from '@cliffhanger/shared';
import { createSlice } from '@reduxjs/toolkit';
import { put, select } from 'redux-saga/effects';

export interface KeepCoinsState {
  offered: boolean;
}

const initialState: KeepCoinsState = { offered: false };

export const keepCoinsSlice = createSlice({
  name: 'keepCoins',
  initialState,
  reducers: {
    keepCoinsOffered(state) {
      state.offered = true;
    },
    keepCoinsClosed(state) {
      state.offered = false;
    },
  },
});

export const { keepCoinsOffered, keepCoinsClosed } = keepCoinsSlice.actions;

type WithKeepCoins = { wallet: { keepCoins: KeepCoinsState } };
export const selectKeepCoinsOffered = (state: WithKeepCoins) => state.wallet.keepCoins.offered;

/** After a purchase succeeded: a guest the server knows is asked (a browser-only guest has nothing to keep). */
export function* offerKeepCoins() {
  const session: ReturnType<typeof selectSession> = yield select(selectSession);
  if (session.status === 'guest') yield put(keepCoinsOffered());
}
