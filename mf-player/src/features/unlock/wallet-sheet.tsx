/**
 * The wallet's unlock sheet, loaded through federation at run time (remotes never import each other):
 * the player registers `mf_wallet` at the address the page's `remotes.json` gives and loads
 * `mf_wallet/UnlockSheet`. While it is not there (loading, or the wallet is down), `walletSheetReady()`
 * is false and the unlock saga sends a viewer short of coins to the coin store instead.
 */
import { REMOTE_CONTAINER_NAMES, REMOTE_LOAD_TIMEOUT_MS, type UnlockSheetEpisode } from '@cliffhanger/shared';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Component, type ComponentType, type ReactNode, useEffect, useState } from 'react';

type SheetComponent = ComponentType<{ episode: UnlockSheetEpisode }>;

const WALLET = REMOTE_CONTAINER_NAMES.wallet;
let loading: Promise<SheetComponent> | null = null;
let loaded: SheetComponent | null = null;
let registered = false;

/** Whether the sheet can open right now (otherwise the coin store is the way to top up). */
export function walletSheetReady(): boolean {
  return loaded !== null;
}

async function walletEntry(): Promise<string> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.wallet !== 'string' || !body.wallet) throw new Error('remotes.json has no address for "wallet"');
  return new URL(body.wallet, window.location.href).href;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the wallet did not answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function loadWalletSheet(): Promise<SheetComponent> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= (async () => {
    const entry = await walletEntry();
    // The shell may have registered the wallet already; registering again with force replaces a failure.
    registerRemotes([{ name: WALLET, entry }], { force: registered });
    registered = true;
    const exported = await withTimeout(
      loadRemote<{ default?: unknown }>(`${WALLET}/UnlockSheet`),
      REMOTE_LOAD_TIMEOUT_MS,
    );
    const component = exported && typeof exported === 'object' && 'default' in exported ? exported.default : exported;
    if (typeof component !== 'function') throw new Error('mf_wallet/UnlockSheet is not a component');
    loaded = component as SheetComponent;
    return loaded;
  })().catch((error: unknown) => {
    loading = null; // the next paywall tries again
    throw error;
  });
  return loading;
}

class SheetBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    loaded = null;
    console.warn('[cliffhanger] the unlock sheet failed; the coin store stays available', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Mounts the wallet's sheet for this episode once it is loaded; nothing while it is not. */
export function WalletUnlockSheet({ episode }: { episode: UnlockSheetEpisode }) {
  const [Sheet, setSheet] = useState<SheetComponent | null>(() => loaded);
  useEffect(() => {
    if (Sheet) return;
    let active = true;
    loadWalletSheet()
      .then((component) => {
        if (active) setSheet(() => component);
      })
      .catch((error: unknown) => console.warn('[cliffhanger] the unlock sheet could not be loaded', error));
    return () => {
      active = false;
    };
  }, [Sheet]);
  if (!Sheet) return null;
  return (
    <SheetBoundary>
      <Sheet episode={episode} />
    </SheetBoundary>
  );
}

/** For tests: forget the loaded sheet. */
export function resetWalletSheet(component: SheetComponent | null = null) {
  loaded = component;
  loading = null;
  registered = false;
}
