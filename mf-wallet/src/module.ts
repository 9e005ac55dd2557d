/** mf-wallet's public face: coins, Gold, store, subscription and rewards (product.md#screens). */
import type { RemoteModule } from '@cliffhanger/shared';
import { lazy } from 'react';
import { walletParts } from './wallet-parts';

const walletModule: RemoteModule<'wallet'> = {
  ...walletParts,
  screens: {
    coins: lazy(() => import('./screens/coin-store')),
    store: lazy(() => import('./screens/store')),
    goldSubscription: lazy(() => import('./screens/gold-subscription')),
    subscription: lazy(() => import('./screens/subscription')),
    rewards: lazy(() => import('./screens/rewards')),
  },
};

export default walletModule;
