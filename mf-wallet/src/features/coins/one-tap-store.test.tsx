/**
 * The coin store with a saved card (issue #38): "Used for one-tap buying" holds on /coins too. A pack is
 * bought with the default card after a confirmation naming the pack, the price and the card's last
 * digits, through the same payment as the unlock sheet's; the result is told in a toast. Without a
 * saved card, or for the first-purchase offer, the payment page opens as before.
 */
import { showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CoinStoreScreen from '../../screens/coin-store';
import { card } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { settle, viewer, walletStore } from '../../test/store';
import { browser } from '../checkout/checkout.saga';
import { formatPrice } from '../format';

const PACKS = [
  { id: 1, coins: 100, bonus_coins: 0, price: 99, currency: 'rub', title: 'Starter', is_popular: false },
  { id: 2, coins: 500, bonus_coins: 100, price: 399, currency: 'rub', title: 'Big', is_popular: true },
];
const MASTERCARD = card(1, { brand: 'mastercard', last4: '4444', is_default: true });
const PRICE = formatPrice(399, 'rub');
const PAY = `Pay ${PRICE}`;

let http: HttpMock;
afterEach(async () => {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  http?.restore();
  jest.restoreAllMocks();
});

function store(cards: unknown[], extra: (url?: string) => unknown = () => undefined) {
  http = mockHttp((config) => {
    const special = extra(config.url);
    if (special) return special as { status: number; data: unknown };
    if (config.url === '/coins/packages/') return { status: 200, data: PACKS };
    if (config.url === '/payment-methods/') return { status: 200, data: cards };
    if (config.url === '/coins/purchase/')
      return { status: 200, data: { session_id: 'cs_1', url: 'https://pay.example/cs_1' } };
    return { status: 404, data: { message: 'not here' } };
  });
  const seen: UnknownAction[] = [];
  renderWallet(<CoinStoreScreen />, { store: walletStore({ user: viewer(), record: seen }), path: '/coins' });
  return seen;
}

const bigPack = async () => (await screen.findByRole('heading', { name: 'Big' })).closest('li') as HTMLElement;

describe('one-tap buying in the coin store', () => {
  it('asks first, naming the pack, the price and the card, and charges nothing when cancelled', async () => {
    store([MASTERCARD]);
    await userEvent.click(within(await bigPack()).getByRole('button', { name: /with Mastercard ending 4444/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Buy 600 coins?' });
    expect(dialog).toHaveTextContent(`We will charge ${PRICE.replace(/\s/g, ' ')} to Mastercard •••• 4444`);
    expect(within(dialog).getByRole('button', { name: PAY })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(http.calls.some((c) => c.url?.startsWith('/payments/'))).toBe(false);
  });

  it('charges the saved card once confirmed, with one key for the tap, and says the coins are in', async () => {
    const seen = store([MASTERCARD], (url) => {
      if (url === '/payments/create-intent/')
        return { status: 200, data: { payment_intent_id: 'pi_1', status: 'requires_confirmation' } };
      if (url === '/payments/confirm/')
        return { status: 200, data: { payment_intent_id: 'pi_1', status: 'succeeded', coins: 600, balance: 640 } };
    });
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await userEvent.click(within(await bigPack()).getByRole('button', { name: /Buy 600 coins/ }));
    await userEvent.click(screen.getByRole('button', { name: PAY }));
    await act(() => settle(8));
    expect(JSON.parse(String(http.calls.find((c) => c.url === '/payments/create-intent/')?.data))).toEqual({
      amount: 399,
      currency: 'rub',
      package_id: 2,
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(seen).toContainEqual(
      showToast({ type: 'success', title: 'Coins added', message: '600 coins are in your wallet.' }),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(within(await bigPack()).getByRole('button', { name: /Buy 600 coins/ })).toBeEnabled();
  });

  it('says politely when the card is declined, in a toast, and lets the viewer try again', async () => {
    const seen = store([MASTERCARD], (url) => {
      if (url === '/payments/create-intent/')
        return { status: 200, data: { payment_intent_id: 'pi_2', status: 'requires_confirmation' } };
      if (url === '/payments/confirm/') return { status: 402, data: { message: 'Your card was declined.' } };
    });
    await userEvent.click(within(await bigPack()).getByRole('button', { name: /Buy 600 coins/ }));
    await userEvent.click(screen.getByRole('button', { name: PAY }));
    await act(() => settle(8));
    expect(seen).toContainEqual(showToast({ type: 'error', message: 'Your card was declined.' }));
    expect(within(await bigPack()).getByRole('button', { name: /Buy 600 coins/ })).toBeEnabled();
  });

  it('opens the payment page as before without a saved card, or when asked for another way', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    store([]);
    expect(await screen.findByText(/You pay on a secure payment page/)).toBeInTheDocument();
    await userEvent.click(within(await bigPack()).getByRole('button', { name: /Buy 600 coins/ }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await act(() => settle(4));
    expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1');
  });

  it('offers the payment page from the confirmation too', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    store([MASTERCARD]);
    expect(await screen.findByText(/Your saved card pays in one tap, once you confirm/)).toBeInTheDocument();
    await userEvent.click(within(await bigPack()).getByRole('button', { name: /Buy 600 coins/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay another way on the payment page' }));
    await act(() => settle(4));
    expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1');
    expect(http.calls.some((c) => c.url === '/payments/create-intent/')).toBe(false);
  });
});
