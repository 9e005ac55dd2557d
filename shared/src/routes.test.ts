import { legacySeriesPlayerPath, matchRoute, REDIRECTS, SCREENS, slugOf } from './routes';

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
    '/admin/payments',
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

describe('series addresses (one slug rule for titles and for links)', () => {
  it.each([
    ['The CEO’s Secret Twins', 'the-ceos-secret-twins'],
    ["The CEO's Secret Twins", 'the-ceos-secret-twins'],
    ['“Midnight” Vows', 'midnight-vows'],
    ['My Fake Fiancé Is a Prince', 'my-fake-fiance-is-a-prince'],
    ['Straße über Øresund', 'strasse-uber-oresund'],
    ['Тайный наследник: Ёлка', 'taynyy-naslednik-elka'],
    ['Щедрый жених', 'shchedryy-zhenikh'],
    ['  Love -- in   Paris!  ', 'love-in-paris'],
  ])('makes %s into %s', (title, slug) => {
    expect(slugOf(title)).toBe(slug);
    expect(slugOf(slug)).toBe(slug);
  });

  it('falls back when nothing is left, and stays within 80 characters ending on a letter or digit', () => {
    expect(slugOf('!!!')).toBe('series');
    expect(slugOf('’’', '')).toBe('');
    const long = slugOf(`${'word '.repeat(30)}end`);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('matching a path against the table', () => {
  it.each([
    ['/player/the-ceos-secret-twins/4', 'player', { seriesSlug: 'the-ceos-secret-twins', episodeNumber: '4' }],
    ['/player/12/episode/40/', 'player', { seriesId: '12', episodeId: '40' }],
    ['/desktop-player/40', 'player', { episodeId: '40' }],
    ['/series/7', 'seriesDetail', { seriesId: '7' }],
    ['/admin/series/new', 'adminSeriesNew', {}],
    ['/admin/series/3', 'adminSeriesDetail', { id: '3' }],
    ['/account-dashboard/balance', 'accountDashboard', { '*': 'balance' }],
    ['/player/The%20CEO%E2%80%99s/1', 'player', { seriesSlug: 'The CEO’s', episodeNumber: '1' }],
  ])('reads %s as the %s route', (path, route, params) => {
    expect(matchRoute(path)).toMatchObject({ route, params });
  });

  it.each(['/nowhere', '/player/1/2/3/4', '/api/series/', '/series/%E0%A4%A'])('matches no route for %s', (path) => {
    expect(matchRoute(path)).toBeNull();
  });
});
