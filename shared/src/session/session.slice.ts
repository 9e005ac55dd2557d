/**
 * The session as every remote sees it: who is signed in, their coin balance and Gold status. The shell
 * owns the state (its sagas restore, create and refresh it); remotes read it only through the selectors
 * below and change it only by dispatching bus events.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  balanceChanged,
  episodeUnlocked,
  goldStatusChanged,
  guestCreated,
  sessionConnectRequested,
  signedIn,
  signedOut,
  userUpdated,
} from '../bus/events';
import type { PublicProfileFlags, User } from '../entities';

/**
 * The signed-in person as the session keeps them: the server's user without its coin balance, which
 * the session holds once (`balance`, read with `selectCoinBalance`), guests kept only in this browser
 * included.
 */
export type SessionUser = Omit<User, 'coin_balance'>;

export type SessionStatus = 'starting' | 'guest' | 'local-guest' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** The coin balance, the only one the page keeps. */
  balance: number;
  isGold: boolean;
  goldPeriodEnd: string | null;
  /** The flags of the public profile lookup, polled every 2 s once the app is ready (product.md#accounts). */
  flags: PublicProfileFlags | null;
  /** A visitor's "Try again" is connecting them to the server. */
  connecting: boolean;
}

export const initialSessionState: SessionState = {
  status: 'starting',
  user: null,
  balance: 0,
  isGold: false,
  goldPeriodEnd: null,
  flags: null,
  connecting: false,
};

function fromUser(state: SessionState, user: User) {
  const { coin_balance: balance, ...person } = user;
  state.user = person;
  // A user put together in the browser may come without a balance: the one held stays.
  if (typeof balance === 'number' && Number.isFinite(balance)) state.balance = balance;
  state.isGold = user.is_gold_member;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    localGuestStarted(state, action: PayloadAction<{ balance: number }>) {
      state.status = 'local-guest';
      state.user = null;
      state.balance = action.payload.balance;
    },
    profileFlagsReceived(state, action: PayloadAction<PublicProfileFlags>) {
      state.flags = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedIn, (state, { payload }) => {
        fromUser(state, payload.user);
        state.status = payload.user.is_guest ? 'guest' : 'signed-in';
        state.connecting = false;
      })
      .addCase(guestCreated, (state, { payload }) => {
        if (payload.user) fromUser(state, payload.user);
        state.status = payload.localOnly ? 'local-guest' : 'guest';
        state.connecting = false;
      })
      .addCase(sessionConnectRequested, (state) => {
        state.connecting = true;
      })
      .addCase(userUpdated, (state, { payload }) => {
        fromUser(state, payload.user);
      })
      .addCase(signedOut, () => ({ ...initialSessionState, status: 'signed-out' }))
      .addCase(balanceChanged, (state, { payload }) => {
        state.balance = payload.balance;
      })
      .addCase(episodeUnlocked, (state, { payload }) => {
        state.balance = payload.balance;
      })
      .addCase(goldStatusChanged, (state, { payload }) => {
        state.isGold = payload.isGold;
        state.goldPeriodEnd = payload.periodEnd;
        if (state.user) state.user.is_gold_member = payload.isGold;
      });
  },
});

export const { localGuestStarted, profileFlagsReceived } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };

export const selectSession = (state: WithSession) => state.session;
export const selectUser = (state: WithSession) => state.session.user;
export const selectCoinBalance = (state: WithSession) => state.session.balance;
export const selectIsGold = (state: WithSession) => state.session.isGold;
export const selectIsSignedIn = (state: WithSession) => state.session.status === 'signed-in';
export const selectIsGuest = (state: WithSession) =>
  state.session.status === 'guest' || state.session.status === 'local-guest';
export const selectProfileFlags = (state: WithSession) => state.session.flags;
export const selectIsStaff = (state: WithSession) =>
  !!state.session.user && (state.session.user.is_staff || state.session.user.is_superuser);
