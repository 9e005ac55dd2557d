import { writeStored } from '@cliffhanger/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { guest } from '../../../shared/testing/remote-store';
import { checkoutReturned } from '../features/checkout/checkout.slice';
import { keepCoinsOffered, selectKeepCoinsOffered } from '../features/keep-coins/keep-coins.slice';
import CoinStoreScreen from '../screens/coin-store';
import { goldSubscription, packages } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderWallet } from '../test/render';
import { settle, viewer, walletStore } from '../test/store';
import { KeepCoinsPrompt } from './keep-coins-prompt';

// Each test renders the whole coin store; on a busy 2-core machine that alone can take seconds.
jest.setTimeout(15_000);

let http: HttpMock;
afterEach(() => {
  http?.restore();
  jest.useRealTimers();
  localStorage.clear();
});

/** Back from paying: the balance rises from 40 to 590 on the first poll. */
async function comeBackFromPaying(user = guest) {
  writeStored('checkout_session_id', 'cs_dev_abc');
  writeStored('coin_balance', 40);
  http = mockHttp((config) => {
    if (config.url === '/coins/packages/') return { status: 200, data: packages };
    if (config.url === '/users/coins/balance/') return { status: 200, data: { balance: 590 } };
    if (config.url === '/auth/keep-coins/') return { status: 200, data: { success: 1, message: 'Check your inbox' } };
  });
  renderWallet(<CoinStoreScreen />, {
    path: '/coins?checkout=success&session_id=cs_dev_abc',
    store: walletStore({ user }),
  });
  expect(await screen.findByText(/You now have 590 coins/)).toBeInTheDocument();
}

describe('keep your coins on any device', () => {
  it('asks a guest for an e-mail right after the purchase and sends it in one step', async () => {
    await comeBackFromPaying();
    const prompt = screen.getByRole('region', { name: 'Keep your coins on any device' });
    await userEvent.click(screen.getByLabelText('Your e-mail'));
    await userEvent.paste('  ana@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Keep my coins' }));
    await act(() => settle());
    const sent = http.calls.filter((call) => call.url === '/auth/keep-coins/');
    expect(sent.map((call) => JSON.parse(String(call.data)))).toEqual([{ email: 'ana@example.com' }]);
    await waitFor(() => expect(prompt).toHaveTextContent('Check your inbox'));
    expect(prompt).toHaveTextContent('We sent a link to ana@example.com.');
  });

  it('is not a wall: "Not now" closes it, the purchase outcome stays, and nothing is sent', async () => {
    await comeBackFromPaying();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('keep-coins')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-outcome')).toBeInTheDocument();
    expect(http.calls.filter((call) => call.url === '/auth/keep-coins/')).toEqual([]);
  });

  it('says what is wrong with an address that is not one, and sends nothing', async () => {
    await comeBackFromPaying();
    await userEvent.click(screen.getByLabelText('Your e-mail'));
    await userEvent.paste('ana at example');
    await userEvent.click(screen.getByRole('button', { name: 'Keep my coins' }));
    expect(screen.getByText('Enter an e-mail address like name@example.com')).toBeInTheDocument();
    expect(http.calls.filter((call) => call.url === '/auth/keep-coins/')).toEqual([]);
  });

  it('never asks a signed-in account, which has its address already', async () => {
    await comeBackFromPaying(viewer());
    expect(screen.queryByTestId('keep-coins')).not.toBeInTheDocument();
  });

  it('asks after Gold is bought too, and never after a cancelled payment', async () => {
    http = mockHttp((config) =>
      config.url === '/subscriptions/active/' ? { status: 200, data: goldSubscription() } : undefined,
    );
    const paid = walletStore({ user: guest });
    paid.dispatch(checkoutReturned({ kind: 'gold', outcome: 'success', sessionId: 'cs_dev_gold' }));
    await act(() => settle(8));
    expect(selectKeepCoinsOffered(paid.getState())).toBe(true);
    const cancelled = walletStore({ user: guest });
    cancelled.dispatch(checkoutReturned({ kind: 'coins', outcome: 'cancelled', sessionId: 'cs_dev_abc' }));
    await act(() => settle(8));
    expect(selectKeepCoinsOffered(cancelled.getState())).toBe(false);
  });

  it('is shown only once a purchase offers it', async () => {
    const store = walletStore({ user: guest });
    renderWallet(<KeepCoinsPrompt />, { store });
    expect(screen.queryByTestId('keep-coins')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(keepCoinsOffered());
    });
    expect(screen.getByRole('heading', { name: 'Keep your coins on any device' })).toBeInTheDocument();
  });
});
