/** The wallet's own state, mounted under `wallet` by the host store. */
import { combineReducers } from '@reduxjs/toolkit';
import { checkoutSlice } from './checkout/checkout.slice';
import { keepCoinsSlice } from './keep-coins/keep-coins.slice';
import { paymentMethodsSlice } from './payment-methods/payment-methods.slice';
import { rewardsSlice } from './rewards/rewards.slice';
import { subscriptionChangeSlice } from './subscription/subscription.slice';
import { unlockSheetSlice } from './unlock-sheet/unlock-sheet.slice';

export const walletReducer = combineReducers({
  checkout: checkoutSlice.reducer,
  subscriptionChange: subscriptionChangeSlice.reducer,
  rewards: rewardsSlice.reducer,
  paymentMethods: paymentMethodsSlice.reducer,
  unlockSheet: unlockSheetSlice.reducer,
  keepCoins: keepCoinsSlice.reducer,
});

export type WalletState = ReturnType<typeof walletReducer>;
