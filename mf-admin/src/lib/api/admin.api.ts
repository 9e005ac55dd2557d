/**
 * The staff API (/api/admin/*) as RTK Query endpoints. Endpoint names start with `admin` (they are
 * global to the page). Every answer is tagged 'Admin', and every write invalidates it, so a staff
 * screen never shows a list older than its own last save.
 */
import { type AuthResponse, baseApi, type CategoryTranslations } from '@cliffhanger/shared';
import type {
  AdminAnalytics,
  AdminCategory,
  AdminDashboard,
  AdminEpisode,
  AdminMe,
  AdminSeries,
  AdminSettings,
  AdminSubscription,
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  Category,
  CoinAdjustment,
  DemoCatalogueProgress,
  EpisodePreview,
  LedgerEntry,
  MediaAsset,
  MediaJobList,
  PageOf,
  PricingPlan,
  PricingRule,
  StaffInvitation,
  StaffInvitationEntry,
  UserChanges,
  UserUnlock,
} from './admin.types';

type Query = Record<string, string | number | boolean | undefined>;
const clean = (query: Query) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));

/** The endpoint builder of the shared API, as every group of endpoints below takes it. */
type Build = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

/** Staff accounts and invitations, the dashboard and the analytics. */
const staffEndpoints = (build: Build) => ({
  adminRegister: build.mutation<
    AuthResponse,
    { email: string; password: string; username: string; invitation_code: string }
  >({
    query: (body) => ({ url: '/admin/register/', method: 'POST', body }),
  }),
  /** The signed-in staff member, with the largest grant they may make (null: no limit). */
  adminMe: build.query<AdminMe, void>({
    query: () => ({ url: '/admin/me/' }),
    providesTags: ['Admin'],
  }),
  /** With `email`, the invitation is mailed there and registers that address only. */
  adminCreateInvitation: build.mutation<StaffInvitation, { email?: string; valid_hours?: number }>({
    query: (body) => ({ url: '/admin/invitations/', method: 'POST', body }),
    invalidatesTags: ['Admin'],
  }),
  adminInvitations: build.query<StaffInvitationEntry[], void>({
    query: () => ({ url: '/admin/invitations/' }),
    providesTags: ['Admin'],
  }),
  adminRevokeInvitation: build.mutation<StaffInvitationEntry, number>({
    query: (id) => ({ url: `/admin/invitations/${id}/revoke/`, method: 'POST' }),
    invalidatesTags: ['Admin'],
  }),
  adminDashboard: build.query<AdminDashboard, void>({
    query: () => ({ url: '/admin/dashboard/' }),
    providesTags: ['Admin'],
    keepUnusedDataFor: 0,
  }),
  adminDemoCatalogue: build.query<DemoCatalogueProgress, void>({
    query: () => ({ url: '/admin/demo-catalogue/' }),
    keepUnusedDataFor: 0,
  }),
  adminAnalytics: build.query<AdminAnalytics, { from?: string; to?: string; days?: number; series_id?: number }>({
    query: (params) => ({ url: '/admin/analytics/', params: clean(params) }),
    providesTags: ['Admin'],
    keepUnusedDataFor: 0,
  }),
});

/** Series, their publishing (and an episode's), and the categories. */
const seriesEndpoints = (build: Build) => ({
  adminSeriesList: build.query<PageOf<AdminSeries>, Query>({
    query: (params) => ({ url: '/admin/series/', params: clean(params) }),
    providesTags: ['Admin'],
  }),
  adminSeries: build.query<AdminSeries, number>({
    query: (id) => ({ url: `/admin/series/${id}/` }),
    providesTags: ['Admin'],
  }),
  adminCreateSeries: build.mutation<AdminSeries, Partial<AdminSeries>>({
    query: (body) => ({ url: '/admin/series/', method: 'POST', body }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  adminUpdateSeries: build.mutation<AdminSeries, { id: number; changes: Partial<AdminSeries> }>({
    query: ({ id, changes }) => ({ url: `/admin/series/${id}/`, method: 'PATCH', body: changes }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  adminUpdateSeriesMedia: build.mutation<
    AdminSeries,
    {
      id: number;
      media: Partial<Pick<AdminSeries, 'poster_image' | 'cover_image' | 'banner_image' | 'slider_image'>>;
    }
  >({
    query: ({ id, media }) => ({ url: `/admin/series/${id}/media/`, method: 'PATCH', body: media }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  adminDeleteSeries: build.mutation<AdminSeries, number>({
    query: (id) => ({ url: `/admin/series/${id}/`, method: 'DELETE' }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  adminRestoreSeries: build.mutation<AdminSeries, number>({
    query: (id) => ({ url: `/admin/series/${id}/restore/`, method: 'POST' }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  /** Publishes now, or at `publish_at` (scheduled); a 422 names what the checklist still misses. */
  adminPublishSeries: build.mutation<AdminSeries, { id: number; publish_at?: string }>({
    query: ({ id, publish_at }) => ({
      url: `/admin/series/${id}/publish/`,
      method: 'POST',
      body: publish_at ? { publish_at } : {},
    }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  adminUnpublishSeries: build.mutation<AdminSeries, number>({
    query: (id) => ({ url: `/admin/series/${id}/unpublish/`, method: 'POST' }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  adminPublishEpisode: build.mutation<AdminEpisode, { id: number; publish_at?: string }>({
    query: ({ id, publish_at }) => ({
      url: `/admin/episodes/${id}/publish/`,
      method: 'POST',
      body: publish_at ? { publish_at } : {},
    }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  adminUnpublishEpisode: build.mutation<AdminEpisode, number>({
    query: (id) => ({ url: `/admin/episodes/${id}/unpublish/`, method: 'POST' }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  /** Every category (shown to viewers or not, with how many series use it), for the picker and the genre table. */
  adminCategories: build.query<AdminCategory[], void>({
    query: () => ({ url: '/admin/categories/' }),
    providesTags: ['Admin'],
    keepUnusedDataFor: 0,
  }),
  adminCreateCategory: build.mutation<Category, { name: string }>({
    query: (body) => ({ url: '/admin/categories/', method: 'POST', body }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  adminRenameCategory: build.mutation<Category, { id: number; name: string }>({
    query: ({ id, name }) => ({ url: `/admin/categories/${id}/`, method: 'PATCH', body: { name } }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  /** Deletes a category no series uses; a 409 says how many series still do. */
  adminDeleteCategory: build.mutation<void, number>({
    query: (id) => ({ url: `/admin/categories/${id}/`, method: 'DELETE' }),
    invalidatesTags: ['Admin', 'Series'],
  }),
  /** A genre's names in other languages; an empty object removes them. */
  adminTranslateCategory: build.mutation<Category, { id: number; translations: CategoryTranslations }>({
    query: ({ id, translations }) => ({ url: `/admin/categories/${id}/`, method: 'PATCH', body: { translations } }),
    invalidatesTags: ['Admin', 'Series'],
  }),
});

/** Episodes: a series' list and order, pricing rules, every episode and its form. */
const episodeEndpoints = (build: Build) => ({
  adminSeriesEpisodes: build.query<AdminEpisode[], number>({
    query: (seriesId) => ({ url: `/admin/series/${seriesId}/episodes/` }),
    providesTags: ['Admin'],
  }),
  adminCreateEpisode: build.mutation<AdminEpisode, { seriesId: number; episode: Partial<AdminEpisode> }>({
    query: ({ seriesId, episode }) => ({ url: `/admin/series/${seriesId}/episodes/`, method: 'POST', body: episode }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  adminReorderEpisodes: build.mutation<AdminEpisode[], { seriesId: number; episodeIds: number[] }>({
    query: ({ seriesId, episodeIds }) => ({
      url: `/admin/series/${seriesId}/episodes/order/`,
      method: 'PUT',
      body: { episode_ids: episodeIds },
    }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  /** What a pricing rule would make of every episode of the series; changes nothing. */
  adminPreviewPricing: build.mutation<PricingPlan, { seriesId: number; rule: PricingRule }>({
    query: ({ seriesId, rule }) => ({
      url: `/admin/series/${seriesId}/pricing/preview/`,
      method: 'POST',
      body: rule,
    }),
  }),
  adminApplyPricing: build.mutation<PricingPlan, { seriesId: number; rule: PricingRule }>({
    query: ({ seriesId, rule }) => ({ url: `/admin/series/${seriesId}/pricing/`, method: 'PUT', body: rule }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  adminEpisodes: build.query<PageOf<AdminEpisode>, Query>({
    query: (params) => ({ url: '/admin/episodes/', params: clean(params) }),
    providesTags: ['Admin'],
  }),
  adminEpisode: build.query<AdminEpisode, number>({
    query: (id) => ({ url: `/admin/episodes/${id}/` }),
    providesTags: ['Admin'],
  }),
  /** Addresses on the signed playback route, signed for this staff member (drafts too). */
  adminEpisodePreview: build.query<EpisodePreview, number>({
    query: (id) => ({ url: `/admin/episodes/${id}/preview/` }),
    keepUnusedDataFor: 0,
  }),
  adminUpdateEpisode: build.mutation<AdminEpisode, { id: number; changes: Partial<AdminEpisode> }>({
    query: ({ id, changes }) => ({ url: `/admin/episodes/${id}/`, method: 'PATCH', body: changes }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
  adminDeleteEpisode: build.mutation<{ message: string }, number>({
    query: (id) => ({ url: `/admin/episodes/${id}/`, method: 'DELETE' }),
    invalidatesTags: ['Admin', 'Series', 'Episode'],
  }),
});

/** Users, their coins and unlocks, and subscriptions. */
const peopleEndpoints = (build: Build) => ({
  adminUsers: build.query<PageOf<AdminUser>, Query>({
    query: (params) => ({ url: '/admin/users/', params: clean(params) }),
    providesTags: ['Admin'],
  }),
  adminUser: build.query<AdminUserDetail, number>({
    query: (id) => ({ url: `/admin/users/${id}/` }),
    providesTags: ['Admin'],
  }),
  adminUserLedger: build.query<PageOf<LedgerEntry>, { id: number; page: number }>({
    query: ({ id, page }) => ({ url: `/admin/users/${id}/ledger/`, params: { page, limit: 20 } }),
    providesTags: ['Admin'],
  }),
  adminUserUnlocks: build.query<PageOf<UserUnlock>, { id: number; page: number }>({
    query: ({ id, page }) => ({ url: `/admin/users/${id}/unlocks/`, params: { page, limit: 20 } }),
    providesTags: ['Admin'],
  }),
  adminAdjustCoins: build.mutation<
    CoinAdjustment,
    { id: number; amount: number; reason: string; idempotency_key: string }
  >({
    query: ({ id, ...body }) => ({ url: `/admin/users/${id}/coins/`, method: 'POST', body }),
    invalidatesTags: ['Admin'],
  }),
  adminUpdateUser: build.mutation<AdminUser, { id: number; changes: UserChanges }>({
    query: ({ id, changes }) => ({ url: `/admin/users/${id}/`, method: 'PATCH', body: changes }),
    invalidatesTags: ['Admin'],
  }),
  adminSubscriptions: build.query<PageOf<AdminSubscription>, Query>({
    query: (params) => ({ url: '/admin/subscriptions/', params: clean(params) }),
    providesTags: ['Admin'],
  }),
  /** Gold for `days` days with no payment (superusers); 409 while the viewer has Gold already. */
  adminCompGold: build.mutation<unknown, { userId: number; days: number; reason: string }>({
    query: ({ userId, ...body }) => ({ url: `/admin/users/${userId}/gold/comp/`, method: 'POST', body }),
    invalidatesTags: ['Admin'],
  }),
  /** Adds days to the period that ends at `period_end` (the one on screen): a second click adds nothing. */
  adminExtendSubscription: build.mutation<unknown, { id: number; days: number; reason: string; period_end: string }>({
    query: ({ id, ...body }) => ({ url: `/admin/subscriptions/${id}/extend/`, method: 'POST', body }),
    invalidatesTags: ['Admin'],
  }),
  adminReactivateSubscription: build.mutation<unknown, { id: number; reason?: string }>({
    query: ({ id, ...body }) => ({ url: `/admin/subscriptions/${id}/reactivate/`, method: 'POST', body }),
    invalidatesTags: ['Admin'],
  }),
  /** Ends Gold now; with `refund`, the last payment is refunded in full. */
  adminEndSubscription: build.mutation<unknown, { id: number; refund: boolean; reason: string }>({
    query: ({ id, ...body }) => ({ url: `/admin/subscriptions/${id}/end/`, method: 'POST', body }),
    invalidatesTags: ['Admin'],
  }),
  adminCancelSubscription: build.mutation<unknown, { id: number; immediately: boolean }>({
    query: ({ id, immediately }) => ({
      url: `/admin/subscriptions/${id}/cancel/`,
      method: 'POST',
      body: { immediately },
    }),
    invalidatesTags: ['Admin'],
  }),
});

/** Settings, media and its jobs, and the audit log. */
const deskEndpoints = (build: Build) => ({
  adminSettings: build.query<AdminSettings, void>({
    query: () => ({ url: '/admin/settings/' }),
    providesTags: ['Admin'],
  }),
  adminSaveSetting: build.mutation<unknown, { key: keyof AdminSettings; value: unknown }>({
    query: ({ key, value }) => ({ url: `/admin/settings/${key}/`, method: 'PUT', body: value }),
    invalidatesTags: ['Admin'],
  }),
  adminMediaAssets: build.query<PageOf<MediaAsset>, Query>({
    query: (params) => ({ url: '/admin/media/', params: clean(params) }),
    providesTags: ['Admin'],
  }),
  adminMediaJobs: build.query<MediaJobList, void>({
    query: () => ({ url: '/admin/media/jobs/' }),
    keepUnusedDataFor: 0,
  }),
  adminRetryJob: build.mutation<unknown, number>({
    query: (id) => ({ url: `/admin/media/jobs/${id}/retry/`, method: 'POST' }),
    invalidatesTags: ['Admin'],
  }),
  adminAudit: build.query<PageOf<AuditEntry>, Query>({
    query: (params) => ({ url: '/admin/audit/', params: clean(params) }),
    providesTags: ['Admin'],
  }),
  /** The actions the audit log has recorded, for its filter. */
  adminAuditActions: build.query<string[], void>({
    query: () => ({ url: '/admin/audit/actions/' }),
    providesTags: ['Admin'],
  }),
  /** The filtered audit rows as CSV text (a download the screen saves). */
  adminAuditExport: build.mutation<string, Query>({
    query: (params) => ({ url: '/admin/audit/export/', params: clean(params) }),
  }),
});

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ...staffEndpoints(build),
    ...seriesEndpoints(build),
    ...episodeEndpoints(build),
    ...peopleEndpoints(build),
    ...deskEndpoints(build),
  }),
});

/** Mutations whose success changes what viewers see: each one is announced to open viewer screens. */
export const CATALOGUE_WRITES = new Set([
  'adminCreateSeries',
  'adminUpdateSeries',
  'adminUpdateSeriesMedia',
  'adminDeleteSeries',
  'adminRestoreSeries',
  'adminPublishSeries',
  'adminUnpublishSeries',
  'adminPublishEpisode',
  'adminUnpublishEpisode',
  'adminCreateCategory',
  'adminRenameCategory',
  'adminTranslateCategory',
  'adminCreateEpisode',
  'adminReorderEpisodes',
  'adminApplyPricing',
  'adminUpdateEpisode',
  'adminDeleteEpisode',
  'adminSaveSetting',
]);
