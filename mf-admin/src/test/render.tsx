/** Renders a staff screen as the shell would: a host store with this remote registered and staff signed in. */
import type { User } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import { remoteTestStore, testUser } from '../../../shared/testing/remote-store';
import { renderRemote } from '../../../shared/testing/render';
import adminModule from '../module';

export const staffMember = (extra: Partial<User> = {}): User =>
  testUser({
    id: 2,
    email: 'editor@example.com',
    username: 'editor',
    first_name: 'Eda',
    last_name: 'Tor',
    is_staff: true,
    ...extra,
  });

export const adminStore = ({ user = staffMember(), record }: { user?: User; record?: UnknownAction[] } = {}) =>
  remoteTestStore(adminModule, { user, onAction: (action) => record?.push(action) });

/** Renders `ui` at `path` (matched by `route`) under a fresh admin store; `href()` answers where it is now. */
export const renderAdmin = (
  ui: ReactElement,
  options: { path?: string; route?: string; record?: UnknownAction[]; user?: User } = {},
) => renderRemote(ui, adminStore(options), options);
