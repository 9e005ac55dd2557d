/** mf-wallet's public face: coins, Gold, store, subscription and rewards (§2). */
import {
  balanceChanged,
  episodesUnlocked,
  episodeUnlocked,
  episodeUnlockRequested,
  goldStatusChanged,
  navigationRequested,
  openCoinStore,
  type RemoteModule,
  showToast,
  signedIn,
  signedOut,
  trackEvent,
  unlockSheetRequested,
} from '@cliffhanger/shared';
import { lazy } from 'react';
import { registerWalletEndpoints } from './features/all-endpoints';
import { walletReducer } from './features/wallet.reducer';
import { walletSaga } from './features/wallet.saga';
import './wallet.css';

const walletModule: RemoteModule<'wallet'> = {
  id: 'wallet',
  screens: {
    coins: lazy(() => import('./screens/coin-store')),
    store: lazy(() => import('./screens/store')),
    goldSubscription: lazy(() => import('./screens/gold-subscription')),
    subscription: lazy(() => import('./screens/subscription')),
    rewards: lazy(() => import('./screens/rewards')),
  },
  reducer: walletReducer,
  saga: walletSaga,
  endpoints: registerWalletEndpoints,
  events: {
    emits: [
      balanceChanged,
      goldStatusChanged,
      showToast,
      trackEvent,
      navigationRequested,
      episodeUnlockRequested,
      episodesUnlocked,
      unlockSheetRequested,
    ],
    handles: [
      episodeUnlocked,
      episodesUnlocked,
      balanceChanged,
      signedIn,
      signedOut,
      openCoinStore,
      unlockSheetRequested,
    ],
  },
};

export default walletModule;
