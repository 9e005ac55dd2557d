/**
 * The wallet's exposed components, loaded through federation at run time (never imported): the
 * account remote registers `mf_wallet` with its own federation runtime at the address the page's
 * `remotes.json` gives (the same run-time data the shell reads), then loads `mf_wallet/<Panel>`.
 * A failed load ends within REMOTE_LOAD_TIMEOUT_MS; the next attempt re-registers the remote with
 * `force`, because the runtime otherwise keeps answering the old failure.
 */
import { REMOTE_CONTAINER_NAMES, REMOTE_LOAD_TIMEOUT_MS } from '@cliffhanger/shared';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

export type WalletPanelName = 'BalancePanel' | 'SubscriptionPanel' | 'PaymentsPanel' | 'TransactionsList';

const WALLET = REMOTE_CONTAINER_NAMES.wallet;
export const REMOTES_CONFIG_URL = '/remotes.json';

let entry: Promise<string> | null = null;
let registeredEntry: string | null = null;
const loaded = new Map<WalletPanelName, ComponentType>();

async function walletEntry(): Promise<string> {
  entry ??= fetch(REMOTES_CONFIG_URL, { cache: 'no-cache' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
      const body = (await response.json()) as Record<string, unknown>;
      if (typeof body.wallet !== 'string' || !body.wallet) throw new Error('remotes.json has no address for "wallet"');
      return new URL(body.wallet, window.location.href).href;
    })
    .catch((error: unknown) => {
      entry = null; // read it again next time
      throw error;
    });
  return entry;
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

/** A panel already loaded on this page, to show it at once on the next visit. */
export function loadedWalletPanel(name: WalletPanelName): ComponentType | undefined {
  return loaded.get(name);
}

export async function loadWalletPanel(
  name: WalletPanelName,
  options: { fresh?: boolean } = {},
): Promise<ComponentType> {
  const ready = loaded.get(name);
  if (ready) return ready;
  const url = await walletEntry();
  if (registeredEntry !== url || options.fresh) {
    registerRemotes([{ name: WALLET, entry: url }], { force: registeredEntry !== null });
    registeredEntry = url;
  }
  const exported = await withTimeout(loadRemote<{ default?: unknown }>(`${WALLET}/${name}`), REMOTE_LOAD_TIMEOUT_MS);
  const component = exported && typeof exported === 'object' && 'default' in exported ? exported.default : exported;
  if (typeof component !== 'function' && !(component && typeof component === 'object' && '$$typeof' in component)) {
    throw new Error(`mf_wallet/${name} is not a component`);
  }
  loaded.set(name, component as ComponentType);
  return component as ComponentType;
}

/** For tests: forget every address and panel. */
export function resetWalletRemote() {
  entry = null;
  registeredEntry = null;
  loaded.clear();
}
