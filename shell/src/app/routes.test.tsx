import { guestCreated, LOADING_TEXT, localGuestStarted, SCREENS, type ScreenKey, signedIn } from '@cliffhanger/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { answerEveryRemote, renderAt, testStore, testUser } from '../test-support';

beforeEach(() => {
  localStorage.clear();
  answerEveryRemote();
});

describe('the route table', () => {
  it('shows the full-screen spinner whose loading text names Cliffhanger while a screen loads', async () => {
    renderAt('/');
    expect(screen.getByRole('status')).toHaveTextContent('Cliffhanger');
    expect(LOADING_TEXT).toContain('Cliffhanger');
    await screen.findByText('screen:home');
  });

  it.each([
    ['/', 'home'],
    ['/foryou', 'forYou'],
    ['/search', 'search'],
    ['/mylist', 'myList'],
    ['/rewards', 'rewards'],
    ['/profile', 'profile'],
    ['/subscription', 'subscription'],
    ['/store', 'store'],
    ['/coins', 'coins'],
    ['/gold-subscription', 'goldSubscription'],
    ['/account-dashboard/balance', 'accountDashboard'],
    ['/account/security', 'accountDashboard'],
    ['/admin-login', 'adminLogin'],
    ['/admin-register', 'adminRegister'],
    ['/test-all-players', 'testAllPlayers'],
    ['/test-slider', 'testSlider'],
    ['/series/12', 'seriesDetail'],
  ])('maps %s lazily to its remote screen %s', async (path, key) => {
    const store = testStore();
    store.dispatch(guestCreated({ user: testUser({ is_guest: true }), localOnly: false }));
    renderAt(path, store);
    await screen.findByText(`screen:${key}`);
  });

  const needsServer = (Object.keys(SCREENS) as ScreenKey[]).filter((key) => 'identity' in SCREENS[key]);

  it('gives the screens that need the server: buying, Gold, rewards and the account', () => {
    expect(needsServer.sort()).toEqual(
      ['accountDashboard', 'coins', 'goldSubscription', 'rewards', 'store', 'subscription'].sort(),
    );
  });

  it.each(['/rewards', '/coins', '/account-dashboard/balance'])(
    'shows "Connecting your session…" on %s while the session starts, then "could not connect" for a local visitor',
    async (path) => {
      const store = testStore();
      renderAt(path, store);
      expect(await screen.findByRole('status')).toHaveTextContent('Connecting your session…');
      act(() => {
        store.dispatch(localGuestStarted({ balance: 0 }));
        store.dispatch(guestCreated({ user: null, localOnly: true }));
      });
      expect(
        await screen.findByRole('heading', { name: 'We could not connect your session', level: 1 }),
      ).toBeInTheDocument();
      expect(screen.queryByText(/^screen:/)).toBeNull();
    },
  );

  it.each([
    '/player/3/episode/7',
    '/player/love-in-rain/2',
    '/desktop-player/love-in-rain/2',
    '/player/7',
    '/watch/7',
    '/desktop-player/7',
  ])('opens the same player screen for %s', async (path) => {
    renderAt(path);
    await screen.findByText('screen:player');
  });

  it('never shows one remote as unavailable while moving to another remote’s screen', async () => {
    const view = renderAt('/');
    await screen.findByText('screen:home');
    let flashed = false;
    // Mutation records keep the nodes that were added, even ones removed again before we look.
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) flashed ||= node.textContent?.includes('unavailable') ?? false;
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    view.navigate('/profile');
    await screen.findByText('screen:profile');
    observer.disconnect();
    expect(flashed).toBe(false);
  });

  it('has six player route forms', () => {
    expect(SCREENS.player.paths).toHaveLength(6);
  });

  it.each([
    [768, '/player/series-5/EP1'],
    [769, '/desktop-player/series-5/EP1'],
  ])('redirects /series-legacy/5 at %i px to %s', async (width, expected) => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    const { pathname } = renderAt('/series-legacy/5');
    await waitFor(() => expect(pathname()).toBe(expected));
  });

  it('shows a friendly not-found page for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'We couldn’t find that page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

describe('the admin guard', () => {
  it('sends a visitor without staff rights from /admin to /admin-login', async () => {
    const { pathname } = renderAt('/admin/users');
    await waitFor(() => expect(pathname()).toBe('/admin-login'));
  });

  it('sends a signed-in viewer who is not staff to /admin-login', async () => {
    const store = testStore();
    store.dispatch(signedIn({ user: testUser() }));
    const { pathname } = renderAt('/admin', store);
    await waitFor(() => expect(pathname()).toBe('/admin-login'));
  });

  it.each([{ is_staff: true }, { is_superuser: true }])('lets a signed-in user with %o in', async (flags) => {
    const store = testStore();
    store.dispatch(signedIn({ user: testUser(flags) }));
    renderAt('/admin/users', store);
    await screen.findByText('screen:adminUsers');
  });

  it('lets a visitor with the is_admin flag in storage in', async () => {
    localStorage.setItem('is_admin', 'true');
    renderAt('/admin');
    await screen.findByText('screen:adminDashboard');
  });

  it('redirects /admin/series/{id} to that series’ episodes', async () => {
    localStorage.setItem('is_admin', 'true');
    const { pathname } = renderAt('/admin/series/4');
    await screen.findByText('screen:adminSeriesEpisodes');
    expect(pathname()).toBe('/admin/series/4/episodes');
  });
});
