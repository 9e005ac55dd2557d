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
  // Payments, refunds and disputes with their effect on coins and Gold (issue #39); superusers refund.
  adminPayments: { remote: 'admin', paths: ['/admin/payments'], layout: 'admin', guarded: true },
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

// --- Series addresses (slugs) ------------------------------------------------------------------------

/** Russian letters written in Latin (the common passport-style scheme), so a Russian title gets a readable address. */
const CYRILLIC_TO_LATIN: Record<string, string> = Object.fromEntries(
  'a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh shch - y - e yu ya'
    .split(' ')
    .map((latin, index) => ['абвгдеёжзийклмнопрстуфхцчшщъыьэюя'[index], latin === '-' ? '' : latin]),
);
/** Latin letters that Unicode does not split into a base letter and an accent. */
const LATIN_LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };
/** Apostrophes and quote marks inside words vanish: "The CEO’s Twins" is `the-ceos-twins`, not `the-ceo-s-twins`. */
const APOSTROPHES = /['’‘ʼʹ`´′"“”«»]/g;
export const SLUG_MAX_LENGTH = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The address of a title (a series' slug): lower-case Latin letters, digits and single dashes. Accents are
 * folded (Fiancé → fiance), apostrophes and quotes dropped, Russian transliterated; `fallback` when nothing
 * is left. The server also reads any slug in a link through this, so a typed or pasted title still finds its series.
 */
export function slugOf(text: string, fallback = 'series'): string {
  const latin = text
    .toLowerCase()
    .replace(/[а-яё]/g, (letter) => CYRILLIC_TO_LATIN[letter] ?? letter)
    .replace(/[ßæœøłðđþ]/g, (letter) => LATIN_LIGATURES[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(APOSTROPHES, '');
  const slug = latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
  return slug || fallback;
}

// --- Matching a path against the table (the server answers every page route with the app) -----------

export interface RouteMatch {
  /** The screen, or the redirect, the path is. */
  route: ScreenKey | keyof typeof REDIRECTS;
  pattern: string;
  params: Record<string, string>;
}

const ROUTE_PATTERNS: Array<{ route: RouteMatch['route']; pattern: string; segments: string[] }> = [
  ...(Object.keys(SCREENS) as ScreenKey[]).flatMap((route) =>
    (SCREENS[route].paths as readonly string[]).map((pattern) => ({ route, pattern })),
  ),
  ...(Object.keys(REDIRECTS) as Array<keyof typeof REDIRECTS>).map((route) => ({ route, pattern: REDIRECTS[route] })),
].map((entry) => ({ ...entry, segments: entry.pattern.split('/').filter(Boolean) }));

function matchPattern(segments: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] as string;
    if (segment === '*') return { ...params, '*': parts.slice(i).join('/') };
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment !== part) return null;
  }
  return parts.length === segments.length ? params : null;
}

/**
 * The route a path (without query, with or without a trailing slash) stands for, as the shell's router
 * picks it: a fixed segment wins over a parameter. Parameters are decoded; null for a path no screen answers.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  let parts: string[];
  try {
    parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null; // a malformed escape is no route
  }
  let best: (RouteMatch & { fixed: number }) | null = null;
  for (const { route, pattern, segments } of ROUTE_PATTERNS) {
    const params = matchPattern(segments, parts);
    if (!params) continue;
    const fixed = segments.filter((s) => !s.startsWith(':') && s !== '*').length;
    if (!best || fixed > best.fixed) best = { route, pattern, params, fixed };
  }
  return best && { route: best.route, pattern: best.pattern, params: best.params };
}
