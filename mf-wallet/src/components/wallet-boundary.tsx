/**
 * Joins the wallet to the page's store before rendering one of its exposed components: another remote
 * may show a panel of the wallet before the wallet's own screens ever loaded, and the panel's actions
 * need the wallet's reducer and sagas. It registers the wallet's parts without its screens (which import
 * the panels), and registering is idempotent (`registerModule`).
 */
import { type HostStore, registerModule } from '@cliffhanger/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { walletParts } from '../wallet-parts';

export function WalletBoundary({ children }: { children: ReactNode }) {
  const store = useStore() as HostStore;
  const [ready, setReady] = useState(() => store.modules?.has('wallet') ?? false);
  useEffect(() => {
    if (ready) return;
    registerModule(store, walletParts);
    setReady(true);
  }, [ready, store]);
  return ready ? children : null;
}
