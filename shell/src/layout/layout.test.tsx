import { goldStatusChanged, signedIn } from '@cliffhanger/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { notificationOfferShown } from '../notification-offer/notification-offer';
import { testStore, testUser } from '../test-support';
import { MainLayout, StandaloneLayout } from './layouts';

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
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', '?Profile']);
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

describe('the standalone layout', () => {
  it('marks an immersive screen (the player), so on a phone the header steps aside, and no other', () => {
    const store = testStore();
    const { container, rerender } = render(
      <Provider store={store}>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <StandaloneLayout immersive>
            <p>player</p>
          </StandaloneLayout>
        </MemoryRouter>
      </Provider>,
    );
    expect(container.querySelector('.layout')).toHaveClass('layout--immersive');
    rerender(
      <Provider store={store}>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <StandaloneLayout>
            <p>coins</p>
          </StandaloneLayout>
        </MemoryRouter>
      </Provider>,
    );
    expect(container.querySelector('.layout')).not.toHaveClass('layout--immersive');
  });
});

describe('the notification offer in the layouts', () => {
  it.each([
    ['shows it on a main screen', (page: ReactNode) => <MainLayout>{page}</MainLayout>, true],
    ['shows it on a standalone screen', (page: ReactNode) => <StandaloneLayout>{page}</StandaloneLayout>, true],
    [
      'keeps it off the player (it waits for the next screen)',
      (page: ReactNode) => <StandaloneLayout immersive>{page}</StandaloneLayout>,
      false,
    ],
  ] as const)('%s', (_rule, layout, shown) => {
    const store = testStore();
    store.dispatch(notificationOfferShown());
    render(
      <Provider store={store}>
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          {layout(<p>content</p>)}
        </MemoryRouter>
      </Provider>,
    );
    expect(Boolean(screen.queryByRole('region', { name: 'Never miss a new episode' }))).toBe(shown);
  });
});
