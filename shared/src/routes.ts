/**
 * The route table of the specification (product.md#screens): every path the product answers, the remote that owns the
 * screen, and the layout it is shown in. The shell builds its router from this table; each remote
 * provides one component per screen key it owns, so the two agree at compile time.
 */

import { MOBILE_BREAKPOINT_PX } from './constants';

export const REMOTE_IDS = ['catalog', 'player', 'wallet', 'account', 'admin'] as const;
export type RemoteId = (typeof REMOTE_IDS)[number];

/** The federation container name of each remote (what its webpack build calls itself). */
export const REMOTE_CONTAINER_NAMES: Record<RemoteId, string> = {
  catalog: 'mf_catalog',
  player: 'mf_player',
  wallet: 'mf_wallet',
  account: 'mf_account',
  admin: 'mf_admin',
};

export type Layout = 'main' | 'standalone' | 'admin';

interface ScreenDefinition {
  remote: RemoteId;
  paths: readonly string[];
  layout: Layout;
  /** Staff only: guarded by the shell (product.md#roles) and by the API. */
  guarded?: boolean;
  /** Under 768 px the screen fills the phone: the shell shows neither its header nor its tab bar. */
  immersive?: boolean;
  /**
   * Needs the server to know the visitor (buying, rewards, the account): for a visitor kept only in this
   * browser the shell shows "We could not connect your session" with "Try again" instead (product.md#accounts).
   */
  identity?: boolean;
}

export const SCREENS = {
  // Main layout (product.md#screens)
  home: { remote: 'catalog', paths: ['/'], layout: 'main' },
  forYou: { remote: 'catalog', paths: ['/foryou'], layout: 'main' },
  search: { remote: 'catalog', paths: ['/search'], layout: 'main' },
  myList: { remote: 'catalog', paths: ['/mylist'], layout: 'main' },
  rewards: { remote: 'wallet', paths: ['/rewards'], layout: 'main', identity: true },
  profile: { remote: 'account', paths: ['/profile'], layout: 'main' },
  subscription: { remote: 'wallet', paths: ['/subscription'], layout: 'main', identity: true },
  store: { remote: 'wallet', paths: ['/store'], layout: 'main', identity: true },
  // Standalone screens (product.md#screens)
  coins: { remote: 'wallet', paths: ['/coins'], layout: 'standalone', identity: true },
  goldSubscription: { remote: 'wallet', paths: ['/gold-subscription'], layout: 'standalone', identity: true },
  accountDashboard: {
    remote: 'account',
    paths: ['/account-dashboard/*', '/account/*'],
    layout: 'standalone',
    identity: true,
  },
  adminLogin: { remote: 'admin', paths: ['/admin-login'], layout: 'standalone' },
  adminRegister: { remote: 'admin', paths: ['/admin-register'], layout: 'standalone' },
  testAllPlayers: { remote: 'player', paths: ['/test-all-players'], layout: 'standalone' },
  testSlider: { remote: 'catalog', paths: ['/test-slider'], layout: 'standalone' },
  seriesDetail: { remote: 'catalog', paths: ['/series/:seriesId'], layout: 'standalone' },
  // Player routes (product.md#screens): six forms, one screen
  player: {
    remote: 'player',
    paths: [
      '/player/:seriesId/episode/:episodeId',
      '/player/:seriesSlug/:episodeNumber',
      '/desktop-player/:seriesSlug/:episodeNumber',
      '/player/:id',
      '/watch/:episodeId',
      '/desktop-player/:episodeId',
    ],
    layout: 'standalone',
    immersive: true,
  },
  // Admin area under /admin (product.md#screens), guarded (product.md#roles)
  adminDashboard: { remote: 'admin', paths: ['/admin'], layout: 'admin', guarded: true },
  adminSeries: { remote: 'admin', paths: ['/admin/series'], layout: 'admin', guarded: true },
  adminSeriesNew: { remote: 'admin', paths: ['/admin/series/new'], layout: 'admin', guarded: true },
  adminSeriesEdit: { remote: 'admin', paths: ['/admin/series/:id/edit'], layout: 'admin', guarded: true },
  adminSeriesEpisodes: {
    remote: 'admin',
    paths: ['/admin/series/:seriesId/episodes'],
    layout: 'admin',
    guarded: true,
  },
  adminSeriesEpisodeNew: {
    remote: 'admin',
    paths: ['/admin/series/:seriesId/episodes/new'],
    layout: 'admin',
    guarded: true,
  },
  adminSeriesEpisodeEdit: {
    remote: 'admin',
    paths: ['/admin/series/:seriesId/episodes/:episodeId/edit'],
    layout: 'admin',
    guarded: true,
  },
  adminEpisodes: { remote: 'admin', paths: ['/admin/episodes'], layout: 'admin', guarded: true },
  adminEpisodeEdit: {
    remote: 'admin',
    paths: ['/admin/episodes/:episodeId/edit'],
    layout: 'admin',
    guarded: true,
  },
  adminMedia: { remote: 'admin', paths: ['/admin/media'], layout: 'admin', guarded: true },
  adminUsers: { remote: 'admin', paths: ['/admin/users'], layout: 'admin', guarded: true },
  adminSubscriptions: { remote: 'admin', paths: ['/admin/subscriptions'], layout: 'admin', guarded: true },
  adminAnalytics: { remote: 'admin', paths: ['/admin/analytics'], layout: 'admin', guarded: true },
  adminSettings: { remote: 'admin', paths: ['/admin/settings'], layout: 'admin', guarded: true },
  adminReleases: { remote: 'admin', paths: ['/admin/releases'], layout: 'admin', guarded: true },
  // Who did what, when (issue #39): superusers read it; other staff are told who may.
  adminAudit: { remote: 'admin', paths: ['/admin/audit'], layout: 'admin', guarded: true },
  adminTestThumbnail: {
    remote: 'admin',
    paths: ['/admin/test-thumbnail'],
    layout: 'admin',
    guarded: true,
  },
} as const satisfies Record<string, ScreenDefinition>;

export type ScreenKey = keyof typeof SCREENS;
export type ScreensOf<R extends RemoteId> = {
  [K in ScreenKey]: (typeof SCREENS)[K]['remote'] extends R ? K : never;
}[ScreenKey];

export function screensOf(remote: RemoteId): ScreenKey[] {
  return (Object.keys(SCREENS) as ScreenKey[]).filter((key) => SCREENS[key].remote === remote);
}

/** Paths the shell answers with a redirect rather than a screen (product.md#screens). */
export const REDIRECTS = {
  seriesLegacy: '/series-legacy/:id',
  adminSeriesDetail: '/admin/series/:id',
} as const;

/** The legacy redirect's target (product.md#screens): the mobile player at 768 px or less, the desktop player above. */
export function legacySeriesPlayerPath(seriesId: string, windowWidth: number): string {
  const base = windowWidth <= MOBILE_BREAKPOINT_PX ? '/player' : '/desktop-player';
  return `${base}/series-${seriesId}/EP1`;
}

/** Where to send a viewer for a series' episode, whatever route form the caller prefers. */
export const paths = {
  home: () => '/',
  series: (seriesId: number | string) => `/series/${seriesId}`,
  episode: (seriesId: number | string, episodeId: number | string) => `/player/${seriesId}/episode/${episodeId}`,
  coins: () => '/coins',
  goldSubscription: () => '/gold-subscription',
  adminLogin: () => '/admin-login',
  adminSeriesEpisodes: (seriesId: number | string) => `/admin/series/${seriesId}/episodes`,
  accountTab: (tab: string) => `/account-dashboard/${tab}`,
};
