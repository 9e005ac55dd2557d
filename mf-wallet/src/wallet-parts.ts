/**
 * The wallet as the store knows it: its state, sagas, endpoints and bus events, without the screens.
 * The module (module.ts) adds the screens; the panels other remotes show register these parts alone
 * (components/wallet-boundary.tsx), so a panel never imports the screens that import it.
 */
import {
  balanceChanged,
  episodesUnlocked,
  episodeUnlocked,
  episodeUnlockRequested,
  goldStatusChanged,
  navigationRequested,
  openCoinStore,
  type RemoteParts,
  showToast,
  signedIn,
  signedOut,
  trackEvent,
  unlockSheetRequested,
} from '@cliffhanger/shared';
import { registerWalletEndpoints } from './features/all-endpoints';
import { walletReducer } from './features/wallet.reducer';
import { walletSaga } from './features/wallet.saga';
// The wallet's words are registered with its parts, so a panel shown by another remote has them too.
import './messages';
// The panels other remotes show are styled even when no wallet screen was opened.
import './wallet.css';

export const walletParts: RemoteParts<'wallet'> = {
  id: 'wallet',
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
