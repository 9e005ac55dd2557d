import { goldStatusChanged, i18n, setLanguage, signedIn } from '@cliffhanger/shared';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { DESKTOP, emulateScreen, PHONE_LANDSCAPE, PHONE_PORTRAIT } from '../../../shared/testing/screen-device';
import { testStore, testUser } from '../test-support';
import { CONTENT_ID, MainLayout, StandaloneLayout } from './layouts';
import { SkipLink } from './skip-link';

function renderLayout(setup: (store: ReturnType<typeof testStore>) => void = () => undefined) {
  const store = testStore();
  setup(store);
  render(
    <Provider store={store}>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <MainLayout>
          <p>content</p>
        </MainLayout>
      </MemoryRouter>
    </Provider>,
  );
  return within(screen.getByRole('navigation', { name: 'Tabs' }));
}

describe('the main layout', () => {
  it('has a bottom tab bar landmark with Home and Profile', () => {
    const tabs = renderLayout();
    expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(tabs.getByRole('link', { name: /Profile/ })).toHaveAttribute('href', '/profile');
  });

  it('opens the signed-in Profile menu with Profile, Subscription and Buy Coins, avatar the username’s first letter', async () => {
    const tabs = renderLayout((store) => store.dispatch(signedIn({ user: testUser({ username: 'mia' }) })));
    const button = tabs.getByRole('button', { name: 'Profile' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveTextContent('M');
    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Subscription' })).toHaveAttribute('href', '/gold-subscription');
    expect(within(menu).getByRole('menuitem', { name: 'Buy Coins' })).toHaveAttribute('href', '/coins');
  });

  it('gives a guest a friendly person avatar, never a question mark', () => {
    const tabs = renderLayout((store) => store.dispatch(signedIn({ user: testUser({ is_guest: true }) })));
    const profile = tabs.getByRole('link', { name: /Profile/ });
    expect(profile).not.toHaveTextContent('?');
    expect(profile.querySelector('.avatar svg')).not.toBeNull();
  });

  it('hides Buy Coins from Gold members', async () => {
    const tabs = renderLayout((store) => {
      store.dispatch(signedIn({ user: testUser() }));
      store.dispatch(goldStatusChanged({ isGold: true, periodEnd: null }));
    });
    await userEvent.click(tabs.getByRole('button', { name: 'Profile' }));
    expect(screen.queryByRole('menuitem', { name: 'Buy Coins' })).toBeNull();
  });

  it('works by keyboard: Enter opens and focuses the first item, arrows move, Escape closes and returns focus', async () => {
    const tabs = renderLayout((store) => store.dispatch(signedIn({ user: testUser() })));
    const button = tabs.getByRole('button', { name: 'Profile' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Subscription' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('shows a plain Profile link to a guest', () => {
    const tabs = renderLayout((store) => store.dispatch(signedIn({ user: testUser({ is_guest: true }) })));
    expect(tabs.queryByRole('button', { name: 'Profile' })).toBeNull();
    expect(tabs.getByRole('link', { name: /Profile/ })).toBeInTheDocument();
  });

  it('gives a phone one-tap entries for For you, Search, My list and Rewards beside the two tabs', async () => {
    const tabs = renderLayout();
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Profile']);
    const quick = within(screen.getByRole('navigation', { name: 'Quick links' }));
    const entries = quick.getAllByRole('link');
    expect(entries.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['For you', '/foryou'],
      ['Search', '/search'],
      ['My list', '/mylist'],
      ['Rewards', '/rewards'],
    ]);
    for (const link of entries) expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('marks the quick link of the screen the viewer is on', () => {
    const store = testStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/mylist']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <MainLayout>
            <p>content</p>
          </MainLayout>
        </MemoryRouter>
      </Provider>,
    );
    const quick = within(screen.getByRole('navigation', { name: 'Quick links' }));
    expect(quick.getByRole('link', { name: 'My list' })).toHaveAttribute('aria-current', 'page');
    expect(quick.getByRole('link', { name: 'Search' })).not.toHaveAttribute('aria-current');
  });

  it('shows the coin balance in the header', () => {
    renderLayout((store) => store.dispatch(signedIn({ user: testUser({ coin_balance: 42 }) })));
    expect(screen.getByTestId('header-balance')).toHaveTextContent('42');
  });
});

/** The path the router is at, as the last render saw it. */
let currentPath = '';
function Where() {
  currentPath = useLocation().pathname;
  return null;
}

function renderStandalone(
  immersive: boolean,
  entries: string[] = ['/coins'],
  store = testStore(),
): { container: HTMLElement; path: () => string } {
  const { container } = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={entries} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Where />
        <StandaloneLayout immersive={immersive}>
          <p>screen</p>
        </StandaloneLayout>
      </MemoryRouter>
    </Provider>,
  );
  return { container, path: () => currentPath };
}

describe('the standalone layout', () => {
  let device: ReturnType<typeof emulateScreen> | null = null;
  afterEach(() => device?.restore());

  it('keeps the immersive player headerless on a phone, upright and held sideways, and headed on a desktop', () => {
    device = emulateScreen(PHONE_PORTRAIT);
    const { container } = renderStandalone(true);
    expect(container.querySelector('.layout')).toHaveClass('layout--immersive');
    expect(screen.queryByRole('banner')).toBeNull();
    act(() => device?.rotate(PHONE_LANDSCAPE));
    expect(screen.queryByRole('banner')).toBeNull();
    act(() => device?.rotate(DESKTOP));
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('keeps the header on every other standalone screen, starting with Back on a phone, upright or sideways', () => {
    device = emulateScreen(PHONE_PORTRAIT);
    const { container } = renderStandalone(false);
    expect(container.querySelector('.layout')).not.toHaveClass('layout--immersive');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    act(() => device?.rotate(PHONE_LANDSCAPE));
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // A desktop has its full navigation instead.
    act(() => device?.rotate(DESKTOP));
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('Back returns to the screen the viewer came from within the app', async () => {
    device = emulateScreen(PHONE_PORTRAIT);
    // Opened at /series/7, then /coins pushed on top of it.
    const view = renderStandalone(false, ['/series/7', '/coins']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(view.path()).toBe('/series/7');
  });

  it('Back goes home when the screen was the first one opened (a shared link, a new tab)', async () => {
    device = emulateScreen(PHONE_PORTRAIT);
    const view = renderStandalone(false, ['/gold-subscription']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(view.path()).toBe('/');
  });

  it('says Back in Russian', async () => {
    device = emulateScreen(PHONE_PORTRAIT);
    const store = testStore();
    await act(() => setLanguage('ru'));
    try {
      renderStandalone(false, ['/coins'], store);
      expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
    } finally {
      localStorage.clear();
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('the skip link', () => {
  it('is the first tab stop and takes the focus past the header to the screen’s content', async () => {
    render(
      <Provider store={testStore()}>
        <SkipLink target={CONTENT_ID} />
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <MainLayout>
            <p>content</p>
          </MainLayout>
        </MemoryRouter>
      </Provider>,
    );
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('content').parentElement).toHaveFocus();
    await userEvent.tab();
    // The next stop is in the screen, not the header's navigation.
    expect(within(screen.getByRole('banner')).queryAllByRole('link')).not.toContain(document.activeElement);
  });
});
