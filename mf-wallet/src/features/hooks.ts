import type { SharedState } from '@cliffhanger/shared';
import { useSelector } from 'react-redux';
import type { WalletState } from './wallet.reducer';

/** Selectors over the session (shell-owned, read-only) and the wallet's own state. */
export const useWalletSelector = useSelector.withTypes<SharedState & { wallet: WalletState }>();
