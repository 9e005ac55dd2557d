import { legacySeriesPlayerPath, REDIRECTS, SCREENS } from './routes';

const allPaths = Object.values(SCREENS).flatMap((screen) => screen.paths as readonly string[]);

describe('the route table of the specification', () => {
  it.each([
    '/',
    '/foryou',
    '/search',
    '/mylist',
    '/rewards',
    '/profile',
    '/subscription',
    '/store',
    '/coins',
    '/gold-subscription',
    '/account-dashboard/*',
    '/account/*',
    '/admin-login',
    '/admin-register',
    '/test-all-players',
    '/test-slider',
    '/series/:seriesId',
    '/player/:seriesId/episode/:episodeId',
    '/player/:seriesSlug/:episodeNumber',
    '/desktop-player/:seriesSlug/:episodeNumber',
    '/player/:id',
    '/watch/:episodeId',
    '/desktop-player/:episodeId',
    '/admin',
    '/admin/series',
    '/admin/series/new',
    '/admin/series/:id/edit',
    '/admin/series/:seriesId/episodes',
    '/admin/series/:seriesId/episodes/new',
    '/admin/series/:seriesId/episodes/:episodeId/edit',
    '/admin/episodes',
    '/admin/episodes/:episodeId/edit',
    '/admin/media',
    '/admin/users',
    '/admin/subscriptions',
    '/admin/analytics',
    '/admin/settings',
    '/admin/releases',
    '/admin/audit',
    '/admin/test-thumbnail',
  ])('answers %s', (path) => {
    expect(allPaths).toContain(path);
  });

  it('opens all six player route forms on the same player screen', () => {
    expect(SCREENS.player.paths).toHaveLength(6);
  });

  it('fills the phone screen with the player only: no header or tab bar while watching', () => {
    const immersive = Object.entries(SCREENS)
      .filter(([, screen]) => 'immersive' in screen && screen.immersive === true)
      .map(([key]) => key);
    expect(immersive).toEqual(['player']);
  });

  it('guards every admin screen and nothing else', () => {
    for (const screen of Object.values(SCREENS)) {
      const guarded = 'guarded' in screen && screen.guarded === true;
      expect(guarded).toBe(screen.paths.some((p: string) => p === '/admin' || p.startsWith('/admin/')));
    }
  });

  it('keeps the legacy series link and the admin series detail as redirects', () => {
    expect(REDIRECTS.seriesLegacy).toBe('/series-legacy/:id');
    expect(REDIRECTS.adminSeriesDetail).toBe('/admin/series/:id');
  });

  it('sends the legacy link to the mobile player at 768 px and to the desktop player at 769 px', () => {
    expect(legacySeriesPlayerPath('7', 768)).toBe('/player/series-7/EP1');
    expect(legacySeriesPlayerPath('7', 769)).toBe('/desktop-player/series-7/EP1');
  });
});
