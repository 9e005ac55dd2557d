import {
  apiClient,
  balanceChanged,
  episodeUnlocked,
  episodeUnlockRequested,
  goldStatusChanged,
  readStored,
  selectCoinBalance,
  selectIsGold,
  showToast,
  trackEvent,
  writeStored,
} from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CoinStoreScreen from '../../screens/coin-store';
import GoldSubscriptionScreen from '../../screens/gold-subscription';
import { goldSubscription, packages, plans } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { settle, typesOf, viewer, walletStore } from '../../test/store';
import {
  browser,
  CHECKOUT_MESSAGES,
  CHECKOUT_POLL_ATTEMPTS,
  CHECKOUT_POLL_INTERVAL_MS,
  UNLOCK_CONFIRM_MS,
} from './checkout.saga';
import { checkoutRequested, checkoutReturned } from './checkout.slice';

let http: HttpMock;
let assign: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  http?.restore();
  assign.mockRestore();
  jest.useRealTimers();
});

const checkoutUrl = 'http://127.0.0.1/api/dev-checkout/cs_dev_abc';

describe('buying coins', () => {
  it('stores the checkout session id and sends the browser to the returned url', async () => {
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: packages };
      if (config.url === '/coins/purchase/')
        return { status: 200, data: { session_id: 'cs_dev_abc', url: checkoutUrl } };
    });
    const seen: UnknownAction[] = [];
    renderWallet(<CoinStoreScreen />, { path: '/coins', store: walletStore({ record: seen }) });
    await userEvent.click(await screen.findByRole('button', { name: /Buy 550 coins for/ }));
    await act(() => settle());
    expect(JSON.parse(String(http.calls.find((c) => c.url === '/coins/purchase/')?.data))).toEqual({
      package_id: 2,
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(readStored('checkout_session_id')).toBe('cs_dev_abc');
    expect(assign).toHaveBeenCalledWith(checkoutUrl);
    const events = seen
      .filter((a) => a.type === trackEvent.type)
      .map((a) => (a as ReturnType<typeof trackEvent>).payload.event);
    expect(events).toEqual(expect.arrayContaining(['9.4 Coin Package Selected', '9.5 Coin Purchase Started']));
    // Every buy button stays disabled while the browser is on its way to the payment page.
    for (const button of screen.getAllByRole('button', { name: /Buy / })) expect(button).toBeDisabled();
  });

  it('resends a start whose answer was lost with the same key, so the server opens one checkout, not two', async () => {
    let attempts = 0;
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: packages };
      if (config.url === '/coins/purchase/')
        return ++attempts === 1
          ? { status: 503, data: {} }
          : { status: 200, data: { session_id: 'cs_dev_abc', url: checkoutUrl } };
    });
    renderWallet(<CoinStoreScreen />, { path: '/coins', store: walletStore() });
    await userEvent.click(await screen.findByRole('button', { name: /Buy 550 coins for/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl), { timeout: 4_000 });
    const sent = http.calls
      .filter((c) => c.url === '/coins/purchase/')
      .map((c) => JSON.parse(String(c.data)).idempotency_key);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
  });

  it('starts each new purchase with a new key', async () => {
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: packages };
      if (config.url === '/coins/purchase/') return { status: 400, data: { message: 'Payments are switched off' } };
    });
    renderWallet(<CoinStoreScreen />, { path: '/coins', store: walletStore() });
    const buy = await screen.findByRole('button', { name: /Buy 550 coins for/ });
    await userEvent.click(buy);
    await waitFor(() => expect(buy).toBeEnabled());
    await userEvent.click(buy);
    await waitFor(() => expect(http.calls.filter((c) => c.url === '/coins/purchase/')).toHaveLength(2));
    const [first, second] = http.calls
      .filter((c) => c.url === '/coins/purchase/')
      .map((c) => JSON.parse(String(c.data)).idempotency_key);
    expect(second).not.toBe(first);
  });

  it('never starts two purchases from a double click', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    http = mockHttp(() => undefined);
    apiClient().defaults.adapter = async (config) => {
      http.calls.push({ method: config.method ?? '', url: config.url ?? '' });
      await gate; // the server takes its time: the viewer clicks again meanwhile
      return { data: { session_id: 'cs_dev_1', url: checkoutUrl }, status: 200, statusText: '', headers: {}, config };
    };
    const store = walletStore();
    store.dispatch(checkoutRequested({ kind: 'coins', packageId: 1 }));
    store.dispatch(checkoutRequested({ kind: 'coins', packageId: 1 }));
    store.dispatch(checkoutRequested({ kind: 'coins', packageId: 2 }));
    await act(() => settle());
    release();
    await act(() => settle());
    store.dispatch(checkoutRequested({ kind: 'coins', packageId: 1 })); // while the browser leaves
    await act(() => settle());
    expect(http.calls.filter((c) => c.url === '/coins/purchase/')).toHaveLength(1);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('says "Failed to initiate purchase" when the checkout cannot be created, and lets the viewer try again', async () => {
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: packages };
      if (config.url === '/coins/purchase/') return { status: 400, data: { message: 'Payments are switched off' } };
    });
    const seen: UnknownAction[] = [];
    renderWallet(<CoinStoreScreen />, { path: '/coins', store: walletStore({ record: seen }) });
    await userEvent.click(await screen.findByRole('button', { name: /Buy 100 coins for/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to initiate purchase: Payments are switched off',
    );
    expect(readStored('checkout_session_id')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    expect(seen.some((a) => a.type === showToast.type)).toBe(true);
    expect(screen.getByRole('button', { name: /Buy 100 coins for/ })).toBeEnabled();
  });
});

describe('subscribing to Gold', () => {
  it('stores the checkout session id and sends the browser to the returned url', async () => {
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/plans/') return { status: 200, data: plans };
      if (config.url === '/subscriptions/active/') return { status: 404, data: { message: 'No active subscription' } };
      if (config.url === '/subscriptions/create/')
        return { status: 200, data: { session_id: 'cs_dev_gold', url: checkoutUrl } };
    });
    renderWallet(<GoldSubscriptionScreen />, { path: '/gold-subscription' });
    expect(await screen.findByText(/free plan/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe to Gold for .* a year/ }));
    await act(() => settle());
    expect(http.calls.find((c) => c.url === '/subscriptions/create/')?.data).toBe(JSON.stringify({ plan: 'yearly' }));
    expect(readStored('checkout_session_id')).toBe('cs_dev_gold');
    expect(assign).toHaveBeenCalledWith(checkoutUrl);
  });

  it('says "Failed to create subscription" when the checkout cannot be created', async () => {
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/plans/') return { status: 200, data: plans };
      if (config.url === '/subscriptions/create/') return { status: 409, data: {} };
    });
    renderWallet(<GoldSubscriptionScreen />, { path: '/gold-subscription' });
    await userEvent.click(await screen.findByRole('button', { name: /Subscribe to Gold for .* a month/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to create subscription$/);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('coming back from the payment page', () => {
  it('waits for the coins to arrive, then tells every screen the new balance and shows the outcome', async () => {
    jest.useFakeTimers();
    writeStored('checkout_session_id', 'cs_dev_abc');
    writeStored('coin_balance', 40);
    let polls = 0;
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: packages };
      if (config.url === '/users/coins/balance/') {
        polls += 1;
        return { status: 200, data: { balance: polls < 3 ? 40 : 590 } };
      }
    });
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen });
    const view = renderWallet(<CoinStoreScreen />, {
      path: '/coins?checkout=success&session_id=cs_dev_abc&returnTo=%2Fplayer%2F3%2Fepisode%2F12',
      store,
    });
    expect(await screen.findByText(/We are adding your coins/)).toBeInTheDocument();
    expect(view.href()).toBe('/coins?returnTo=%2Fplayer%2F3%2Fepisode%2F12');
    await act(() => jest.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 3));
    expect(polls).toBe(3);
    expect(selectCoinBalance(store.getState())).toBe(590);
    expect(seen.find((a) => a.type === balanceChanged.type)?.payload).toEqual({ balance: 590, reason: 'purchase' });
    expect(screen.getByTestId('checkout-outcome')).toHaveTextContent('Payment complete. You now have 590 coins.');
    expect(screen.getByRole('link', { name: 'Back to where you were' })).toHaveAttribute(
      'href',
      '/player/3/episode/12',
    );
    expect(readStored('checkout_session_id')).toBeNull();
    expect(typesOf(seen)).toContain(trackEvent.type);
  });

  it('stops asking after a bounded wait and says politely that the coins are on their way', async () => {
    jest.useFakeTimers();
    writeStored('coin_balance', 40);
    http = mockHttp((config) => {
      if (config.url === '/users/coins/balance/') return { status: 200, data: { balance: 40 } };
    });
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen });
    store.dispatch(checkoutReturned({ kind: 'coins', outcome: 'success', sessionId: 'cs_dev_abc' }));
    await jest.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * (CHECKOUT_POLL_ATTEMPTS + 5));
    expect(http.calls.filter((c) => c.url === '/users/coins/balance/')).toHaveLength(CHECKOUT_POLL_ATTEMPTS);
    expect(store.getState().wallet.checkout.outcome.status).toBe('delayed');
    expect(seen.find((a) => a.type === showToast.type)?.payload).toMatchObject({
      message: CHECKOUT_MESSAGES.coinsDelayed,
    });
    expect(typesOf(seen)).not.toContain(balanceChanged.type);
  });

  it('says both in one toast when coins bought to unlock an episode arrived and the episode was unlocked', async () => {
    jest.useFakeTimers();
    writeStored('coin_balance', 0);
    http = mockHttp((config) => {
      if (config.url === '/users/coins/balance/') return { status: 200, data: { balance: 100 } };
    });
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen });
    const episode = { episodeId: 12, seriesId: 3, episodeNumber: 4, coinCost: 30, returnTo: '/player/3/episode/12' };
    store.dispatch(
      checkoutReturned({ kind: 'coins', outcome: 'success', sessionId: 'cs_dev_abc', episode, unlockAfter: true }),
    );
    await jest.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 2);
    expect(seen.find((a) => a.type === episodeUnlockRequested.type)?.payload).toMatchObject({ episodeId: 12 });
    expect(seen.some((a) => a.type === showToast.type)).toBe(false);
    // The player unlocks it and says so on the bus.
    store.dispatch(episodeUnlocked({ episodeId: 12, seriesId: 3, coinCost: 30, balance: 70 }));
    await jest.advanceTimersByTimeAsync(0);
    expect(seen.filter((a) => a.type === showToast.type).map((a) => a.payload)).toEqual([
      expect.objectContaining({ type: 'success', message: '100 coins added · Episode 4 unlocked' }),
    ]);
  });

  it('says only that the coins arrived when the episode was not unlocked in time', async () => {
    jest.useFakeTimers();
    writeStored('coin_balance', 0);
    http = mockHttp((config) => {
      if (config.url === '/users/coins/balance/') return { status: 200, data: { balance: 100 } };
    });
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen });
    const episode = { episodeId: 12, seriesId: 3, episodeNumber: 4, coinCost: 30, returnTo: '/player/3/episode/12' };
    store.dispatch(
      checkoutReturned({ kind: 'coins', outcome: 'success', sessionId: 'cs_dev_abc', episode, unlockAfter: true }),
    );
    await jest.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 2 + UNLOCK_CONFIRM_MS);
    expect(seen.filter((a) => a.type === showToast.type).map((a) => a.payload)).toEqual([
      expect.objectContaining({ title: 'Coins added', message: '100 coins are in your wallet.' }),
    ]);
  });

  it('says a cancelled payment was cancelled and forgets the checkout', async () => {
    writeStored('checkout_session_id', 'cs_dev_abc');
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: packages };
    });
    renderWallet(<CoinStoreScreen />, { path: '/coins?checkout=cancelled&session_id=cs_dev_abc' });
    expect(await screen.findByTestId('checkout-outcome')).toHaveTextContent(CHECKOUT_MESSAGES.cancelled);
    expect(readStored('checkout_session_id')).toBeNull();
    expect(http.calls.some((c) => c.url === '/users/coins/balance/')).toBe(false);
  });

  it('waits for Gold to switch on, then announces it so the profile menu hides Buy Coins', async () => {
    jest.useFakeTimers();
    const subscription = goldSubscription();
    let polls = 0;
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/active/') {
        polls += 1;
        return polls < 2 ? { status: 404, data: {} } : { status: 200, data: subscription };
      }
    });
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen, user: viewer() });
    store.dispatch(checkoutReturned({ kind: 'gold', outcome: 'success', sessionId: 'cs_dev_gold' }));
    await jest.advanceTimersByTimeAsync(CHECKOUT_POLL_INTERVAL_MS * 2);
    expect(selectIsGold(store.getState())).toBe(true);
    expect(seen.find((a) => a.type === goldStatusChanged.type)?.payload).toEqual({
      isGold: true,
      periodEnd: subscription.current_period_end,
    });
    expect(store.getState().wallet.checkout.outcome).toMatchObject({ status: 'confirmed' });
  });
});
