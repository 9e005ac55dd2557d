/**
 * The checkout as the wallet's screens see it: starting one (at most one at a time, so a double click
 * never starts two) and, back from the payment page, confirming its outcome.
 */
import type { UnlockSheetEpisode } from '@cliffhanger/shared';
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type CheckoutKind = 'coins' | 'gold';
/**
 * A purchase started from the unlock sheet comes back to the episode (`returnTo`) and, when the viewer
 * left "unlock this episode after buying" ticked, names the episode to unlock once the coins are in.
 */
export interface ReturnToEpisode {
  returnTo?: string;
  unlockEpisodeId?: number;
}
export type CheckoutRequest =
  | ({ kind: 'coins'; packageId: number } & ReturnToEpisode)
  | ({ kind: 'gold'; plan: string } & ReturnToEpisode);

export interface CheckoutState {
  start: {
    status: 'idle' | 'starting' | 'redirecting' | 'failed';
    request: CheckoutRequest | null;
    error: string | null;
  };
  outcome: {
    kind: CheckoutKind | null;
    status: 'idle' | 'confirming' | 'confirmed' | 'delayed' | 'cancelled';
    balance: number | null;
    periodEnd: string | null;
  };
}

const initialState: CheckoutState = {
  start: { status: 'idle', request: null, error: null },
  outcome: { kind: null, status: 'idle', balance: null, periodEnd: null },
};

/** Request: buy a coin package or subscribe to a Gold plan through the payment page. */
export const checkoutRequested = createAction<CheckoutRequest>('checkout/requested');
/** The viewer is back from the payment page (`?checkout=success|cancelled&session_id=…`). */
export const checkoutReturned = createAction<{
  kind: CheckoutKind;
  outcome: 'success' | 'cancelled';
  sessionId: string | null;
  /** Back on a locked episode (from its unlock sheet), and whether to unlock it once the coins are in. */
  episode?: UnlockSheetEpisode;
  unlockAfter?: boolean;
}>('checkout/returned');

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState,
  reducers: {
    checkoutStarting(state, { payload }: PayloadAction<CheckoutRequest>) {
      state.start = { status: 'starting', request: payload, error: null };
    },
    checkoutRedirecting(state) {
      state.start.status = 'redirecting';
    },
    checkoutFailed(state, { payload }: PayloadAction<{ error: string }>) {
      state.start.status = 'failed';
      state.start.error = payload.error;
    },
    outcomeSettled(state, { payload }: PayloadAction<Partial<CheckoutState['outcome']>>) {
      Object.assign(state.outcome, payload);
    },
    outcomeDismissed(state) {
      state.outcome = initialState.outcome;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(checkoutReturned, (state, { payload }) => {
      state.outcome = {
        kind: payload.kind,
        status: payload.outcome === 'success' ? 'confirming' : 'cancelled',
        balance: null,
        periodEnd: null,
      };
    });
  },
});

export const { checkoutStarting, checkoutRedirecting, checkoutFailed, outcomeSettled, outcomeDismissed } =
  checkoutSlice.actions;

type WithCheckout = { wallet: { checkout: CheckoutState } };
export const selectCheckoutStart = (state: WithCheckout) => state.wallet.checkout.start;
export const selectCheckoutOutcome = (state: WithCheckout) => state.wallet.checkout.outcome;
/** True while a checkout is being created or the browser is on its way to the payment page. */
export const selectCheckoutBusy = (state: WithCheckout) =>
  state.wallet.checkout.start.status === 'starting' || state.wallet.checkout.start.status === 'redirecting';
