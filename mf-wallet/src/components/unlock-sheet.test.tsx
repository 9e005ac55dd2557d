import {
  episodeUnlockRequested,
  localGuestStarted,
  sessionConnectRequested,
  setLanguage,
  unlockSheetRequested,
} from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { guest } from '../../../shared/testing/remote-store';
import { browser } from '../features/checkout/checkout.saga';
import { selectKeepCoinsOffered } from '../features/keep-coins/keep-coins.slice';
import { card } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderWallet } from '../test/render';
import { settle, viewer, walletStore } from '../test/store';
import UnlockSheet, { bestValuePackage } from './unlock-sheet';

const EPISODE = { episodeId: 31, seriesId: 4, episodeNumber: 5, coinCost: 60, returnTo: '/player/4/episode/31' };
const PACKS = [
  { id: 1, coins: 100, bonus_coins: 0, price: 99, currency: 'rub', title: 'Starter', is_popular: false },
  { id: 2, coins: 500, bonus_coins: 100, price: 399, currency: 'rub', title: 'Big', is_popular: true },
];
const PLANS = [
  { id: 'monthly', name: 'Gold', interval: 'month', price: 299, currency: 'rub', title: 'Gold monthly' },
  { id: 'yearly', name: 'Gold', interval: 'year', price: 2390, currency: 'rub', title: 'Gold yearly' },
];

let http: HttpMock;
afterEach(async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  http?.restore();
  jest.restoreAllMocks();
});

function answers(extra: (config: { url?: string; method?: string; data?: unknown }) => unknown = () => undefined) {
  return mockHttp((config) => {
    const special = extra(config);
    if (special) return special as { status: number; data: unknown };
    if (config.url === '/coins/packages/') return { status: 200, data: PACKS };
    if (config.url === '/subscriptions/plans/') return { status: 200, data: PLANS };
    if (config.url === '/payment-methods/') return { status: 200, data: [] };
    if (config.url === '/series/4/unlock-all/' && config.method === 'get')
      return { status: 200, data: { series_id: 4, episode_ids: [31, 32, 33], episodes: 3, coins: 180, balance: 0 } };
    return { status: 404, data: { message: 'not here' } };
  });
}

const OFFER = {
  package_id: 2,
  kind: 'lower_price',
  title: 'First top-up: 600 coins for 199 ₽',
  coins: 600,
  price: 199,
  regular_coins: 600,
  regular_price: 399,
  currency: 'rub',
  ends_at: null,
};

function open(balance: number, seen: UnknownAction[] = []) {
  const store = walletStore({ user: viewer({ coin_balance: balance }), record: seen });
  const view = renderWallet(<UnlockSheet episode={EPISODE} />, { store, path: EPISODE.returnTo });
  act(() => {
    store.dispatch(unlockSheetRequested(EPISODE));
  });
  return view;
}

describe('the unlock sheet for a visitor the server does not know', () => {
  it('says calmly that the session could not be connected, requests nothing, and Try again asks for one connection', async () => {
    http = answers();
    const seen: UnknownAction[] = [];
    const store = walletStore({ user: null, record: seen });
    act(() => {
      store.dispatch(localGuestStarted({ balance: 0 }));
    });
    renderWallet(<UnlockSheet episode={EPISODE} />, { store, path: EPISODE.returnTo });
    act(() => {
      store.dispatch(unlockSheetRequested(EPISODE));
    });
    const sheet = await screen.findByRole('dialog', { name: 'Unlock episode 5' });
    const state = within(sheet).getByRole('region', { name: 'We could not connect your session' });
    expect(state).toHaveTextContent('Free episodes still play.');
    await settle();
    expect(http.calls).toEqual([]);
    await userEvent.click(within(state).getByRole('button', { name: 'Try again' }));
    expect(seen.filter((action) => action.type === sessionConnectRequested.type)).toHaveLength(1);
    // While the one attempt runs the button cannot start another.
    expect(within(state).getByRole('button', { name: 'Connecting…' })).toBeDisabled();
  });

  it('says so in Russian too', async () => {
    await setLanguage('ru');
    try {
      http = answers();
      const store = walletStore({ user: null });
      act(() => {
        store.dispatch(localGuestStarted({ balance: 0 }));
      });
      renderWallet(<UnlockSheet episode={EPISODE} />, { store, path: EPISODE.returnTo });
      act(() => {
        store.dispatch(unlockSheetRequested(EPISODE));
      });
      expect(await screen.findByRole('region', { name: 'Не удалось подключить ваш сеанс' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Повторить' })).toBeEnabled();
    } finally {
      await setLanguage('en');
    }
  });
});

describe('the unlock sheet', () => {
  it('says the coin packs could not be loaded, with Try again, rather than that none are on sale', async () => {
    http = answers((config) => (config.url === '/coins/packages/' ? { status: 429, data: {} } : undefined));
    open(0);
    const sheet = await screen.findByRole('dialog', { name: 'Unlock episode 5' });
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('We could not load the coin packs.');
    expect(within(sheet).queryByText('No coin packs are on sale right now.')).toBeNull();
    expect(within(sheet).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('marks the pack with the most coins for the money as best value', () => {
    expect(bestValuePackage(PACKS as never)?.id).toBe(2);
  });

  it('with too few coins shows price, balance, the packs inline, the series total and Gold with real prices', async () => {
    http = answers();
    open(0);
    const sheet = await screen.findByRole('dialog', { name: 'Unlock episode 5' });
    expect(within(sheet).getByTestId('unlock-sheet-price')).toHaveTextContent('60 coins');
    expect(within(sheet).getByTestId('unlock-sheet-balance')).toHaveTextContent('0 coins');
    expect(await within(sheet).findByText('Best value')).toBeInTheDocument();
    expect(within(sheet).getByRole('checkbox', { name: 'Unlock this episode after buying' })).toBeChecked();
    expect(await within(sheet).findByRole('button', { name: /Buy 600 coins for .*399.* and unlock/ })).toBeEnabled();
    expect(
      await within(sheet).findByRole('button', { name: 'Unlock all 3 remaining episodes for 180 coins' }),
    ).toBeDisabled();
    expect(await within(sheet).findByRole('button', { name: /Get Gold for .*299.* a month/ })).toBeInTheDocument();
  });

  it('pays on the payment page and asks to come back to this episode, unlocking it when ticked', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    http = answers((config) =>
      config.url === '/coins/purchase/'
        ? { status: 200, data: { session_id: 'cs_1', url: 'https://pay.example/cs_1' } }
        : undefined,
    );
    open(0);
    await userEvent.click(await screen.findByRole('button', { name: /Buy 600 coins for .*399.* and unlock/ }));
    await act(() => settle());
    const body = JSON.parse(String(http.calls.find((c) => c.url === '/coins/purchase/')?.data));
    expect(body).toEqual(
      expect.objectContaining({ package_id: 2, return_to: '/player/4/episode/31', unlock_episode_id: 31 }),
    );
    expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1');
  });

  it('says so on the button and sends no episode to unlock when the box is unticked', async () => {
    jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    http = answers((config) =>
      config.url === '/coins/purchase/'
        ? { status: 200, data: { session_id: 'cs_2', url: 'https://pay.example/cs_2' } }
        : undefined,
    );
    open(0);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Unlock this episode after buying' }));
    await userEvent.click(
      await screen.findByRole('button', { name: /^Buy 600 coins for .*399.*₽$|^Buy 600 coins for [^a]*$/ }),
    );
    await act(() => settle());
    const body = JSON.parse(String(http.calls.find((c) => c.url === '/coins/purchase/')?.data));
    expect(body.return_to).toBe('/player/4/episode/31');
    expect(body.unlock_episode_id).toBeUndefined();
  });

  it('with enough coins offers Unlock, which asks the player to unlock this episode', async () => {
    http = answers();
    const seen: UnknownAction[] = [];
    open(100, seen);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlock for 60 coins' }));
    expect(seen).toContainEqual(
      episodeUnlockRequested({ episodeId: 31, seriesId: 4, coinCost: 60, returnTo: '/player/4/episode/31' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('buys in one tap with the default card and then unlocks the episode', async () => {
    http = answers((config) => {
      if (config.url === '/payment-methods/')
        return { status: 200, data: [card(1, { brand: 'mastercard', last4: '4444', is_default: true })] };
      if (config.url === '/payments/create-intent/')
        return { status: 200, data: { payment_intent_id: 'pi_1', status: 'requires_confirmation' } };
      if (config.url === '/payments/confirm/')
        return { status: 200, data: { payment_intent_id: 'pi_1', status: 'succeeded', coins: 100, balance: 100 } };
      return undefined;
    });
    const seen: UnknownAction[] = [];
    open(0, seen);
    expect(await screen.findByText(/One tap pays with your default card/)).toHaveTextContent('Mastercard •••• 4444');
    await userEvent.click(
      await screen.findByRole('button', { name: /Buy 100 coins for .*99.* with Mastercard ending 4444 and unlock/ }),
    );
    await act(() => settle(8));
    expect(http.calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/payments/create-intent/', '/payments/confirm/']),
    );
    expect(JSON.parse(String(http.calls.find((c) => c.url === '/payments/create-intent/')?.data))).toEqual({
      amount: 99,
      currency: 'rub',
      package_id: 1,
      // One key per tap: a resent request is the same payment, never a second charge.
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(seen).toContainEqual(
      episodeUnlockRequested({ episodeId: 31, seriesId: 4, coinCost: 60, returnTo: '/player/4/episode/31' }),
    );
  });

  it('asks a guest to keep its coins once a one-tap purchase succeeds, never a signed-in account', async () => {
    const paying = () =>
      answers((config) => {
        if (config.url === '/payment-methods/')
          return { status: 200, data: [card(1, { brand: 'mastercard', last4: '4444', is_default: true })] };
        if (config.url === '/payments/create-intent/')
          return { status: 200, data: { payment_intent_id: 'pi_1', status: 'requires_confirmation' } };
        if (config.url === '/payments/confirm/')
          return { status: 200, data: { payment_intent_id: 'pi_1', status: 'succeeded', coins: 100, balance: 100 } };
        return undefined;
      });
    for (const [user, asked] of [
      [guest, true],
      [viewer({ coin_balance: 0 }), false],
    ] as const) {
      http = paying();
      const store = walletStore({ user: { ...user, coin_balance: 0 } });
      const view = renderWallet(<UnlockSheet episode={EPISODE} />, { store, path: EPISODE.returnTo });
      act(() => {
        store.dispatch(unlockSheetRequested(EPISODE));
      });
      await userEvent.click(
        await screen.findByRole('button', { name: /^Buy 100 coins for .* with Mastercard ending 4444 and unlock/ }),
      );
      await act(() => settle(8));
      expect(selectKeepCoinsOffered(store.getState())).toBe(asked);
      view.unmount();
      http.restore();
    }
  });

  describe('the first-purchase offer', () => {
    const withOffer = (offer: unknown) =>
      answers((config) =>
        config.url === '/coins/first-purchase-offer/' ? { status: 200, data: { offer } } : undefined,
      );

    it('labels its pack "First top-up offer" with the offer price and the usual price crossed out', async () => {
      http = withOffer(OFFER);
      open(0);
      const sheet = await screen.findByRole('dialog', { name: 'Unlock episode 5' });
      expect(await within(sheet).findByText('First top-up offer', { exact: true })).toBeInTheDocument();
      expect(within(sheet).getByText(OFFER.title)).toBeInTheDocument();
      const button = await within(sheet).findByRole('button', {
        name: /^Buy 600 coins for .*199.*, first top-up offer, usually .*399.* and unlock$/,
      });
      expect(button.closest('li')?.querySelector('s')).toHaveTextContent(/399/);
      expect(button).not.toHaveTextContent(/399/);
      expect(within(sheet).getAllByText('First top-up offer', { exact: true })).toHaveLength(1);
    });

    it('shows extra coins as first top-up coins at the usual price', async () => {
      http = withOffer({ ...OFFER, kind: 'extra_coins', coins: 1200, price: 399, title: 'Double coins' });
      open(0);
      const sheet = await screen.findByRole('dialog', { name: 'Unlock episode 5' });
      expect(await within(sheet).findByText(/\+ 600 first top-up coins/)).toBeInTheDocument();
      const button = await within(sheet).findByRole('button', {
        name: /^Buy 1,200 coins for .*399.*, first top-up offer/,
      });
      expect(button.closest('li')?.querySelector('s')).toBeNull();
    });

    it("names the offer by its headline in the viewer's language", async () => {
      http = withOffer({ ...OFFER, translations: { ru: { title: 'Первое пополнение: 600 монет за 199 ₽' } } });
      await act(() => setLanguage('ru'));
      try {
        open(0);
        const sheet = await screen.findByRole('dialog', { name: 'Открыть серию 5' });
        expect(await within(sheet).findByText('Первое пополнение: 600 монет за 199 ₽')).toBeInTheDocument();
        expect(within(sheet).queryByText(OFFER.title)).not.toBeInTheDocument();
      } finally {
        await act(() => setLanguage('en'));
      }
    });

    it('shows no offer when the server answers none', async () => {
      http = withOffer(null);
      open(0);
      const sheet = await screen.findByRole('dialog', { name: 'Unlock episode 5' });
      expect(
        await within(sheet).findByRole('button', { name: /^Buy 600 coins for .*399.* and unlock$/ }),
      ).toBeEnabled();
      expect(within(sheet).queryByText('First top-up offer', { exact: true })).not.toBeInTheDocument();
    });

    it('pays for the offer on the payment page even when a card is saved', async () => {
      const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
      http = answers((config) => {
        if (config.url === '/coins/first-purchase-offer/') return { status: 200, data: { offer: OFFER } };
        if (config.url === '/payment-methods/')
          return { status: 200, data: [card(1, { brand: 'mastercard', last4: '4444', is_default: true })] };
        if (config.url === '/coins/purchase/')
          return { status: 200, data: { session_id: 'cs_3', url: 'https://pay.example/cs_3' } };
        return undefined;
      });
      open(0);
      await userEvent.click(
        await screen.findByRole('button', {
          name: /^Buy 600 coins for .*199.*, first top-up offer, usually .*399.* and unlock$/,
        }),
      );
      await act(() => settle());
      const body = JSON.parse(String(http.calls.find((c) => c.url === '/coins/purchase/')?.data));
      expect(body).toEqual(expect.objectContaining({ package_id: 2, unlock_episode_id: 31 }));
      expect(http.calls.some((c) => c.url === '/payments/create-intent/')).toBe(false);
      expect(assign).toHaveBeenCalledWith('https://pay.example/cs_3');
    });
  });
});
