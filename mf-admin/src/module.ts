/** mf-admin's public face: the staff area under /admin, staff sign-in and registration (product.md#screens). */
import {
  authenticated,
  catalogueChanged,
  navigationRequested,
  type RemoteModule,
  showToast,
} from '@cliffhanger/shared';
import { type ComponentType, lazy } from 'react';
import { registerAdminEndpoints } from './features/auth/admin-auth.api';
import { adminSaga } from './features/sync/admin.saga';
import './admin.css';

/**
 * Each staff screen is its own chunk, loaded when first shown: a hard load of the dashboard fetches
 * neither the chart library nor the series editor (the analytics and editing screens bring theirs).
 */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}
const catalogue = () => import('./features/catalogue/series-screens');
const episodes = () => import('./features/catalogue/episode-screens');
const people = () => import('./features/people/people-screens');
const media = () => import('./features/media/media-screens');

const adminModule: RemoteModule<'admin'> = {
  id: 'admin',
  screens: {
    adminLogin: lazy(() => import('./screens/admin-login')),
    adminRegister: lazy(() => import('./screens/admin-register')),
    adminDashboard: screen(() => import('./features/insights/dashboard-screen'), 'Dashboard'),
    adminSeries: screen(catalogue, 'SeriesList'),
    adminSeriesNew: screen(catalogue, 'NewSeries'),
    adminSeriesEdit: screen(catalogue, 'EditSeries'),
    adminSeriesEpisodes: screen(episodes, 'SeriesEpisodes'),
    adminSeriesEpisodeNew: screen(episodes, 'NewEpisode'),
    adminSeriesEpisodeEdit: screen(episodes, 'EditEpisode'),
    adminEpisodes: screen(episodes, 'AllEpisodes'),
    adminEpisodeEdit: screen(episodes, 'EditEpisode'),
    adminMedia: screen(media, 'MediaLibrary'),
    adminUsers: screen(people, 'Users'),
    adminSubscriptions: screen(people, 'Subscriptions'),
    adminAnalytics: screen(() => import('./features/insights/insights-screens'), 'Analytics'),
    adminSettings: screen(() => import('./features/settings/settings-screen'), 'Settings'),
    adminReleases: screen(() => import('./features/releases/releases-screen'), 'Releases'),
    adminAudit: screen(() => import('./features/audit/audit-screen'), 'AuditLog'),
    adminPayments: screen(() => import('./features/payments/payments-screen'), 'Payments'),
    adminTestThumbnail: screen(media, 'ThumbnailPreview'),
  },
  endpoints: registerAdminEndpoints,
  saga: adminSaga,
  events: { emits: [authenticated, navigationRequested, catalogueChanged, showToast], handles: [] },
};

export default adminModule;
