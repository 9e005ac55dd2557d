import type { User } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { remoteTestStore, testUser } from '../../../shared/testing/remote-store';
import walletModule from '../module';

export { flush, settle, typesOf } from '../../../shared/testing/remote-store';

export const viewer = (extra: Partial<User> = {}): User =>
  testUser({ id: 7, email: 'ana@example.com', username: 'ana', first_name: 'Ana', coin_balance: 40, ...extra });

/** A host store as the shell builds it, with the wallet registered and a viewer signed in. */
export const walletStore = ({ user = viewer(), record }: { user?: User | null; record?: UnknownAction[] } = {}) =>
  remoteTestStore(walletModule, { user, onAction: (action) => record?.push(action) });
