/** mf-account's public face: profile, sign-in and the account dashboard with its tabs (product.md#screens). */
import {
  authenticated,
  type RemoteModule,
  showToast,
  signOutRequested,
  trackEvent,
  userUpdated,
  watchHistoryCleared,
  watchHistoryEntryRemoved,
} from '@cliffhanger/shared';
import { lazy } from 'react';
import { accountSaga } from './features/account.saga';
import { registerAccountEndpoints } from './features/all-endpoints';
import './account.css';

const accountModule: RemoteModule<'account'> = {
  id: 'account',
  screens: {
    profile: lazy(() => import('./screens/profile')),
    accountDashboard: lazy(() => import('./screens/account-dashboard')),
  },
  saga: accountSaga,
  endpoints: registerAccountEndpoints,
  events: {
    emits: [
      authenticated,
      signOutRequested,
      userUpdated,
      watchHistoryCleared,
      watchHistoryEntryRemoved,
      showToast,
      trackEvent,
    ],
    handles: [],
  },
};

export default accountModule;
