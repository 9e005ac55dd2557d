import type { ReactElement } from 'react';
import { renderRemote } from '../../../shared/testing/render';
import { walletStore } from './store';

/** Renders a wallet screen or panel at `path` under the page's store; `href()` answers where it is now. */
export const renderWallet = (
  ui: ReactElement,
  options: { path?: string; store?: ReturnType<typeof walletStore> } = {},
) => renderRemote(ui, options.store ?? walletStore(), options);
