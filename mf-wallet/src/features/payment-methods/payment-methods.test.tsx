import { showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PaymentsPanel from '../../components/payments-panel';
import { card } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { settle, walletStore } from '../../test/store';
import { devPaymentMethodId, passesLuhn, validateCard } from './card-rules';
import { paymentMethodsApi } from './payment-methods.api';
import { loadStripeLazily, resetStripeLoader } from './stripe-loader';

jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn() }));
const { loadStripe } = jest.requireMock('@stripe/stripe-js') as { loadStripe: jest.Mock };

let http: HttpMock;
afterEach(async () => {
  // Let the last refetch and the store's batched notification (one animation frame) land inside act.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  http?.restore();
  delete window.__CLIFFHANGER__;
  resetStripeLoader();
  loadStripe.mockReset();
  jest.restoreAllMocks();
});

const rowOf = (name: RegExp) => screen.getByText(name).closest('li') as HTMLElement;

describe('saved cards', () => {
  it('lists the cards with the default marked', async () => {
    http = mockHttp(() => ({ status: 200, data: [card(1, { is_default: true }), card(2)] }));
    renderWallet(<PaymentsPanel />);
    expect(await screen.findByText('Visa ending 4241')).toBeInTheDocument();
    expect(within(rowOf(/ending 4241/)).getByText(/Default/)).toBeInTheDocument();
    expect(within(rowOf(/ending 4242/)).queryByText(/Default/)).not.toBeInTheDocument();
    expect(within(rowOf(/ending 4242/)).getByText('Expires 04/2031')).toBeInTheDocument();
  });

  it('makes a card the default and marks only that one', async () => {
    http = mockHttp((config) => {
      if (config.url === '/payment-methods/' && config.method === 'get')
        return { status: 200, data: [card(1, { is_default: true }), card(2), card(3)] };
      if (config.url === '/payment-methods/2/set-default/')
        return { status: 200, data: [card(1), card(2, { is_default: true }), card(3)] };
    });
    const store = walletStore();
    renderWallet(<PaymentsPanel />, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Visa ending 4242 the default card' }));
    await act(() => settle());
    const list = paymentMethodsApi.endpoints.walletPaymentMethods.select()(store.getState()).data ?? [];
    expect(list.filter((m) => m.is_default).map((m) => m.id)).toEqual([2]);
    expect(screen.getByRole('button', { name: 'Make Visa ending 4241 the default card' })).toBeInTheDocument();
  });

  it('puts the old default back when the server refuses', async () => {
    http = mockHttp((config) => {
      if (config.url === '/payment-methods/' && config.method === 'get')
        return { status: 200, data: [card(1, { is_default: true }), card(2)] };
      if (config.url === '/payment-methods/2/set-default/') return { status: 400, data: {} };
    });
    const store = walletStore();
    renderWallet(<PaymentsPanel />, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Make Visa ending 4242 the default card' }));
    await act(() => settle());
    const list = paymentMethodsApi.endpoints.walletPaymentMethods.select()(store.getState()).data ?? [];
    expect(list.filter((m) => m.is_default).map((m) => m.id)).toEqual([1]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The default card could not be changed');
  });

  it('removes a card', async () => {
    http = mockHttp((config) => {
      if (config.url === '/payment-methods/' && config.method === 'get')
        return { status: 200, data: [card(1), card(2)] };
      if (config.url === '/payment-methods/1/' && config.method === 'delete') return { status: 200, data: [card(2)] };
    });
    renderWallet(<PaymentsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Visa ending 4241' }));
    await act(() => settle());
    await waitFor(() => expect(screen.queryByText('Visa ending 4241')).not.toBeInTheDocument());
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /payment-methods/1/');
    expect(screen.getByText('Visa ending 4242')).toBeInTheDocument();
  });
});

describe('adding a card without Stripe keys (dev provider)', () => {
  it('checks the card like any card form, with each message next to its field', async () => {
    http = mockHttp(() => ({ status: 200, data: [] }));
    renderWallet(<PaymentsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '01/20');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('This card number does not look right. Please check it.');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAccessibleDescription('This card has expired.');
    expect(screen.getByLabelText('Name on card')).toHaveAccessibleDescription('Enter the name shown on the card.');
    expect(http.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('saves a valid card as a pm_dev_… payment method and lists it', async () => {
    let saved = false;
    http = mockHttp((config) => {
      if (config.url === '/payment-methods/' && config.method === 'get')
        return { status: 200, data: saved ? [card(9, { last4: '4242', is_default: true })] : [] };
      if (config.url === '/payment-methods/' && config.method === 'post') {
        saved = true;
        return { status: 201, data: card(9, { last4: '4242', is_default: true }) };
      }
    });
    const seen: UnknownAction[] = [];
    renderWallet(<PaymentsPanel />, { store: walletStore({ record: seen }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    await userEvent.type(screen.getByLabelText('Name on card'), 'Ana Lima');
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/39');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Visa ending 4242')).toBeInTheDocument();
    const body = JSON.parse(String(http.calls.find((c) => c.method === 'POST')?.data));
    expect(body.payment_method_id).toMatch(/^pm_dev_4242_[a-z0-9]{8}$/);
    expect(seen.some((a) => a.type === showToast.type)).toBe(true);
  });
});

describe('adding a card with Stripe', () => {
  it('loads Stripe only when a payment screen asks, and only with a publishable key', async () => {
    http = mockHttp(() => ({ status: 200, data: [] }));
    window.__CLIFFHANGER__ = { stripePublishableKey: 'pk_test_123' };
    const mount = jest.fn();
    loadStripe.mockResolvedValue({ elements: () => ({ create: () => ({ mount, destroy: jest.fn() }) }) });
    renderWallet(<PaymentsPanel />);
    await screen.findByRole('button', { name: 'Add a card' });
    expect(loadStripe).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    await act(() => settle());
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(mount).toHaveBeenCalled();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('logs a script that fails to load and keeps the saved cards working', async () => {
    http = mockHttp(() => ({ status: 200, data: [card(1, { is_default: true })] }));
    window.__CLIFFHANGER__ = { stripePublishableKey: 'pk_test_123' };
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderWallet(<PaymentsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    expect(await screen.findByText(/Card entry is unavailable right now/)).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('[cliffhanger] the card payment script could not be loaded', expect.any(Error));
    expect(screen.getByText('Visa ending 4241')).toBeInTheDocument();
    expect(await loadStripeLazily('pk_test_123')).toBeNull();
  });
});

describe('card rules', () => {
  it('checks the Luhn sum and the expiry date', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    const now = new Date('2026-05-15T00:00:00Z');
    const ok = { name: 'A', number: '4242 4242 4242 4242', expiry: '05/26', cvc: '123' };
    expect(validateCard(ok, now)).toEqual({});
    expect(validateCard({ ...ok, expiry: '04/26' }, now).expiry).toBe('This card has expired.');
    expect(validateCard({ ...ok, expiry: '13/30' }, now).expiry).toMatch(/MM\/YY/);
    expect(validateCard({ ...ok, cvc: '12' }, now).cvc).toMatch(/3 or 4 digits/);
  });

  it('names a dev card by its last four digits', () => {
    expect(devPaymentMethodId('4000 0566 5566 5556', () => 0.5)).toMatch(/^pm_dev_5556_[0-9a-z]{8}$/);
  });
});
