/** mf-admin's public face: the staff area under /admin, staff sign-in and registration (§2). */
import {
  authenticated,
  catalogueChanged,
  navigationRequested,
  type RemoteModule,
  showToast,
} from '@cliffhanger/shared';
import { lazy } from 'react';
import { registerAdminEndpoints } from './features/auth/admin-auth.api';
import { adminSaga } from './features/sync/admin.saga';
import './admin.css';

const staff = () => import('./screens/staff-screens');
type StaffScreens = Awaited<ReturnType<typeof staff>>;
const screen = (name: keyof StaffScreens) => lazy(() => staff().then((m) => ({ default: m[name] })));

const adminModule: RemoteModule<'admin'> = {
  id: 'admin',
  screens: {
    adminLogin: lazy(() => import('./screens/admin-login')),
    adminRegister: lazy(() => import('./screens/admin-register')),
    adminDashboard: screen('Dashboard'),
    adminSeries: screen('SeriesList'),
    adminSeriesNew: screen('NewSeries'),
    adminSeriesEdit: screen('EditSeries'),
    adminSeriesEpisodes: screen('SeriesEpisodes'),
    adminSeriesEpisodeNew: screen('NewEpisode'),
    adminSeriesEpisodeEdit: screen('EditEpisode'),
    adminEpisodes: screen('AllEpisodes'),
    adminEpisodeEdit: screen('EditEpisode'),
    adminMedia: screen('MediaLibrary'),
    adminUsers: screen('Users'),
    adminSubscriptions: screen('Subscriptions'),
    adminAnalytics: screen('Analytics'),
    adminSettings: screen('Settings'),
    adminTestThumbnail: screen('ThumbnailPreview'),
  },
  endpoints: registerAdminEndpoints,
  saga: adminSaga,
  events: { emits: [authenticated, navigationRequested, catalogueChanged, showToast], handles: [] },
};

export default adminModule;
