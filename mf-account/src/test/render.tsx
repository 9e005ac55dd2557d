import type { ReactElement } from 'react';
import { renderRemote } from '../../../shared/testing/render';
import { accountStore } from './store';

/** Renders an account screen at `path` under the page's store; `href()` answers where it is now. */
export const renderAccount = (
  ui: ReactElement,
  options: { path?: string; route?: string; store?: ReturnType<typeof accountStore> } = {},
) => renderRemote(ui, options.store ?? accountStore(), options);
