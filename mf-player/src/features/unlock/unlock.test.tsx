import {
  balanceChanged,
  episodeUnlocked,
  episodeUnlockRequested,
  navigationRequested,
  registerModule,
  selectCoinBalance,
  type UnlockSheetEpisode,
  unlockSheetRequested,
} from '@cliffhanger/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { paywallLeft, unlockRequested } from '../../lib/playback.slice';
import { playerApi } from '../../lib/player.api';
import { episode } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { playerStore } from '../../test/store';
import { Paywall } from './paywall';
import { UNLOCK_MESSAGES } from './unlock.saga';
import { resetWalletSheet } from './wallet-sheet';

let http: HttpMock;
afterEach(() => {
  http.restore();
  resetWalletSheet();
});
/** Stands in for the wallet's federated sheet: loaded, so the player opens it instead of the store. */
function FakeSheet({ episode: shown }: { episode: UnlockSheetEpisode }) {
  return <p>sheet for episode {shown.episodeNumber}</p>;
}
const flush = () => new Promise((r) => setTimeout(r, 0));
/** The loaded sheet joins the wallet's state to the page (a stand-in for the wallet's reducer). */
const joinWallet = (store: Parameters<typeof registerModule>[0]) =>
  registerModule(store, {
    id: 'wallet',
    screens: {},
    reducer: (state: object = {}) => state,
    events: { emits: [], handles: [] },
  } as unknown as Parameters<typeof registerModule>[1]);
const locked = episode(12, 3, 2, { coin_cost: 5, hls_url: null });
const request = { episodeId: 12, seriesId: 3, coinCost: 5, returnTo: '/player/3/episode/12' };

describe('unlocking an episode', () => {
  it('charges the episode, marks it unlocked in the list and as the current episode, and announces the new balance', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/episodes/') return { status: 200, data: [episode(11, 3, 1), locked] };
      if (config.url === '/episodes/12/') return { status: 200, data: locked };
      if (config.url === '/episodes/12/unlock/')
        return { status: 200, data: { balance: 15, unlocked: true, charged: 5 } };
      if (config.url === '/episodes/12/stream/')
        return { status: 200, data: { hls_url: '/media/12/master.m3u8', video_url: null } };
    });
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    await store.dispatch(playerApi.endpoints.playerSeriesEpisodes.initiate('3'));
    await store.dispatch(playerApi.endpoints.playerEpisode.initiate('12'));
    store.dispatch(unlockRequested(request));
    await flush();
    await flush();
    const list = playerApi.endpoints.playerSeriesEpisodes.select('3')(store.getState()).data;
    const current = playerApi.endpoints.playerEpisode.select('12')(store.getState()).data;
    expect(list?.find((e) => e.id === 12)).toMatchObject({ is_unlocked: true, hls_url: '/media/12/master.m3u8' });
    expect(current).toMatchObject({ is_unlocked: true, hls_url: '/media/12/master.m3u8' });
    expect(seen).toContain(episodeUnlocked.type);
    expect(selectCoinBalance(store.getState())).toBe(15); // the header follows the session balance
  });

  it('opens the unlock sheet over the episode for a viewer with too few coins', async () => {
    http = mockHttp((config) => {
      if (config.url === '/episodes/12/') return { status: 200, data: locked };
    });
    resetWalletSheet(FakeSheet);
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    joinWallet(store);
    await store.dispatch(playerApi.endpoints.playerEpisode.initiate('12'));
    store.dispatch(balanceChanged({ balance: 2, reason: 'sync' }));
    store.dispatch(unlockRequested(request));
    await flush();
    expect(http.calls.find((c) => c.url === '/episodes/12/unlock/')).toBeUndefined();
    expect(seen).toContain(unlockSheetRequested.type);
    expect(seen).not.toContain(navigationRequested.type);
  });

  it('opens the unlock sheet as soon as the wallet joins the page, for a viewer who tapped before it did', async () => {
    http = mockHttp((config) => {
      if (config.url === '/episodes/12/') return { status: 200, data: locked };
    });
    resetWalletSheet(FakeSheet);
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    await store.dispatch(playerApi.endpoints.playerEpisode.initiate('12'));
    store.dispatch(balanceChanged({ balance: 2, reason: 'sync' }));
    store.dispatch(unlockRequested(request));
    await flush();
    expect(seen).not.toContain(unlockSheetRequested.type);
    joinWallet(store);
    expect(seen).toContain(unlockSheetRequested.type);
    expect(seen).not.toContain(navigationRequested.type);
  });

  it('opens nothing when the viewer leaves the paywall before the wallet joined the page', async () => {
    http = mockHttp(() => undefined);
    resetWalletSheet(FakeSheet);
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    store.dispatch(balanceChanged({ balance: 2, reason: 'sync' }));
    store.dispatch(unlockRequested(request));
    await flush();
    store.dispatch(paywallLeft({ episodeId: 12 }));
    joinWallet(store);
    expect(seen).not.toContain(unlockSheetRequested.type);
    expect(seen).not.toContain(navigationRequested.type);
  });

  it('unlocks when the wallet asks (after buying coins, or from its sheet)', async () => {
    http = mockHttp((config) => {
      if (config.url === '/episodes/12/unlock/')
        return { status: 200, data: { balance: 15, unlocked: true, charged: 5 } };
      if (config.url === '/episodes/12/stream/') return { status: 200, data: { hls_url: '/m.m3u8', video_url: null } };
    });
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    store.dispatch(balanceChanged({ balance: 20, reason: 'purchase' }));
    store.dispatch(episodeUnlockRequested(request));
    await flush();
    await flush();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /episodes/12/unlock/');
    expect(seen).toContain(episodeUnlocked.type);
  });

  it('sends a viewer with too few coins to the coin store when the wallet cannot be loaded', async () => {
    http = mockHttp(() => undefined);
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    store.dispatch(balanceChanged({ balance: 2, reason: 'sync' }));
    store.dispatch(unlockRequested(request));
    await flush();
    expect(http.calls.find((c) => c.url === '/episodes/12/unlock/')).toBeUndefined();
    expect(seen).toContain(navigationRequested.type);
  });

  it('goes to the coin store when the API answers that the balance is short', async () => {
    http = mockHttp(() => ({ status: 402, data: { message: 'Not enough coins', coin_cost: 5, balance: 3 } }));
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    store.dispatch(unlockRequested(request));
    await flush();
    expect(seen).toContain(navigationRequested.type);
    expect(store.getState().player.unlock.status).toBe('idle');
  });

  it('says plainly when unlocking is not available', async () => {
    http = mockHttp(() => ({ status: 404, data: { message: 'Route POST:/api/episodes/12/unlock/ not found' } }));
    const store = playerStore();
    store.dispatch(unlockRequested(request));
    await flush();
    expect(store.getState().player.unlock).toMatchObject({ status: 'failed', error: UNLOCK_MESSAGES.unavailable });
  });
});

describe('the paywall', () => {
  it('shows the cost, the balance, and the unlock, Gold and coin store actions', async () => {
    http = mockHttp(() => ({ status: 200, data: { balance: 15, unlocked: true, charged: 5 } }));
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/player/3/episode/12']}>
          <Paywall episode={locked} goldExclusive={false} />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Episode 2 is locked' })).toBeInTheDocument();
    expect(screen.getByText('Your balance: 20 coins')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Gold' })).toHaveAttribute('href', '/gold-subscription');
    // Without the wallet's sheet, more ways to unlock means the coin store, with the way back.
    await userEvent.click(screen.getByRole('button', { name: 'More ways to unlock' }));
    expect(seen).toContain(navigationRequested.type);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock for 5 coins' }));
    await flush();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /episodes/12/unlock/');
    expect(seen.some((t) => t === 'analytics/track')).toBe(true); // 3.3 Paywall Shown
  });

  it('offers only Gold for a Gold-exclusive series', () => {
    http = mockHttp(() => undefined);
    render(
      <Provider store={playerStore()}>
        <MemoryRouter>
          <Paywall episode={locked} goldExclusive />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('heading', { name: 'This series is for Gold members' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unlock/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Gold' })).toBeInTheDocument();
  });
});
