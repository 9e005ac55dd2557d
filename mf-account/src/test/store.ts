import type { User } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { remoteTestStore, testUser } from '../../../shared/testing/remote-store';
import accountModule from '../module';

export { flush, payloadsOf, settle } from '../../../shared/testing/remote-store';

export const member = (extra: Partial<User> = {}): User =>
  testUser({
    id: 11,
    email: 'mia@example.com',
    username: 'mia',
    first_name: 'Mia',
    last_name: 'Stone',
    coin_balance: 120,
    ...extra,
  });

export const guest = (): User => member({ id: 5, email: '', username: 'guest_5', is_guest: true, coin_balance: 20 });

/** A host store as the shell builds it, with the account remote registered. */
export const accountStore = ({ user = member(), record }: { user?: User | null; record?: UnknownAction[] } = {}) =>
  remoteTestStore(accountModule, { user, onAction: (action) => record?.push(action) });
