/**
 * The wallet's unlock sheet, loaded through federation at run time (remotes never import each other)
 * with the one shared loader, so the wallet version this page runs applies. While it is not there
 * (loading, or the wallet is down), `walletSheetReady()` is false and the unlock saga sends a viewer
 * short of coins to the coin store instead.
 */
import {
  type AnyComponent,
  loadedRemoteComponent,
  loadRemoteComponent,
  RemoteSlot,
  resetRemoteComponents,
  type UnlockSheetEpisode,
} from '@cliffhanger/shared';
import type { ComponentType } from 'react';

type SheetComponent = ComponentType<{ episode: UnlockSheetEpisode }>;

const SHEET = 'UnlockSheet';

/** Whether the sheet can open right now (otherwise the coin store is the way to top up). */
export function walletSheetReady(): boolean {
  return loadedRemoteComponent('wallet', SHEET) !== undefined;
}

export function loadWalletSheet(): Promise<SheetComponent> {
  return loadRemoteComponent<{ episode: UnlockSheetEpisode }>('wallet', SHEET);
}

/** Mounts the wallet's sheet for this episode once it is loaded; nothing while it is not or if it fails. */
export function WalletUnlockSheet({ episode }: { episode: UnlockSheetEpisode }) {
  return <RemoteSlot remote="wallet" exposed={SHEET} props={{ episode }} />;
}

/** For tests: forget the loaded sheet (or start with one). */
export function resetWalletSheet(component: SheetComponent | null = null) {
  resetRemoteComponents(component ? { [`wallet/${SHEET}`]: component as AnyComponent } : {});
}
