import { showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PaymentsPanel from '../../components/payments-panel';
import { card } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { settle, walletStore } from '../../test/store';
import { brandOfNumber, parseExpiry, passesLuhn, typedExpiry, validateCard } from './card-rules';
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
    expect(await screen.findByText('Visa •••• 4241, 04/31')).toBeInTheDocument();
    expect(within(rowOf(/•••• 4241/)).getByText(/Default/)).toBeInTheDocument();
    expect(within(rowOf(/•••• 4242/)).queryByText(/Default/)).not.toBeInTheDocument();
    expect(within(rowOf(/•••• 4242/)).getByText('Expires 04/31')).toBeInTheDocument();
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
    await waitFor(() => expect(screen.queryByText('Visa •••• 4241, 04/31')).not.toBeInTheDocument());
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /payment-methods/1/');
    expect(screen.getByText('Visa •••• 4242, 04/31')).toBeInTheDocument();
  });
});

describe('adding a card without Stripe keys (dev provider)', () => {
  it('takes the expiry typed as MMYY, putting the slash in as the viewer types, on a numeric keypad', async () => {
    http = mockHttp(() => ({ status: 200, data: [] }));
    renderWallet(<PaymentsPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const expiry = screen.getByLabelText('Expiry (MM/YY)');
    expect(expiry).toHaveAttribute('inputmode', 'numeric');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    await userEvent.type(expiry, '12');
    expect(expiry).toHaveValue('12/');
    await userEvent.type(expiry, '30');
    expect(expiry).toHaveValue('12/30');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(expiry).not.toHaveAttribute('aria-invalid', 'true');
  });

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

  it('has the dev provider check the card, saves only the payment method it answers, and lists it', async () => {
    let saved = false;
    http = mockHttp((config) => {
      if (config.url === '/dev-payment-methods/' && config.method === 'post')
        return {
          status: 200,
          data: {
            payment_method_id: 'pm_dev_mastercard_4444_11_2039_0123456789abcdef_0123456789abcdef01234567',
            brand: 'mastercard',
            last4: '4444',
            exp_month: 11,
            exp_year: 2039,
          },
        };
      if (config.url === '/payment-methods/' && config.method === 'get')
        return {
          status: 200,
          data: saved
            ? [card(9, { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2039, is_default: true })]
            : [],
        };
      if (config.url === '/payment-methods/' && config.method === 'post') {
        saved = true;
        return {
          status: 201,
          data: card(9, { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2039, is_default: true }),
        };
      }
    });
    const seen: UnknownAction[] = [];
    renderWallet(<PaymentsPanel />, { store: walletStore({ record: seen }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    await userEvent.type(screen.getByLabelText('Name on card'), 'Ana Lima');
    await userEvent.type(screen.getByLabelText('Card number'), '5555 5555 5555 4444');
    expect(screen.getByText('Mastercard')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '11/39');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Mastercard •••• 4444, 11/39')).toBeInTheDocument();
    const posts = http.calls.filter((c) => c.method === 'POST');
    expect(JSON.parse(String(posts[0]?.data))).toEqual({
      number: '5555555555554444',
      exp_month: 11,
      exp_year: 2039,
      cvc: '123',
    });
    // What is saved is the provider's payment method: never the number.
    const savedBody = JSON.parse(String(posts[1]?.data));
    expect(savedBody).toEqual({ payment_method_id: expect.stringMatching(/^pm_dev_mastercard_4444_/) });
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
    expect(screen.getByText('Visa •••• 4241, 04/31')).toBeInTheDocument();
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
    expect(validateCard({ ...ok, cvc: '12' }, now).cvc).toBe(
      'Enter the 3-digit security code on the back of the card.',
    );
    expect(validateCard({ ...ok, cvc: '1234' }, now).cvc).toBe(
      'Enter the 3-digit security code on the back of the card.',
    );
    const amex = { ...ok, number: '3782 822463 10005', cvc: '1234' };
    expect(validateCard(amex, now)).toEqual({});
    expect(validateCard({ ...amex, cvc: '123' }, now).cvc).toMatch(/4-digit/);
  });

  it('accepts the expiry as MMYY and MM/YY (and M/YY, MM/YYYY), and shapes it as MM/YY while it is typed', () => {
    for (const typed of ['1230', '12/30', '12 / 30', '12/2030'])
      expect(parseExpiry(typed)).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('4/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('1330')).toBeNull();
    expect(parseExpiry('123')).toBeNull();
    expect(typedExpiry('', '1')).toBe('1');
    expect(typedExpiry('1', '12')).toBe('12/');
    expect(typedExpiry('12/', '12/3')).toBe('12/3');
    expect(typedExpiry('', '1230')).toBe('12/30');
    expect(typedExpiry('', '4')).toBe('04/');
    expect(typedExpiry('1', '1/')).toBe('01/');
    expect(typedExpiry('', '12/2030')).toBe('12/30');
    expect(typedExpiry('12/30', '12/301')).toBe('12/30');
    // Deleting back over the slash is not undone.
    expect(typedExpiry('12/', '12')).toBe('12');
  });

  it('reads the brand from the number as it is typed', () => {
    expect(brandOfNumber('5555 5555 5555 4444')).toBe('mastercard');
    expect(brandOfNumber('2221 0000 0000 0009')).toBe('mastercard');
    expect(brandOfNumber('4242')).toBe('visa');
    expect(brandOfNumber('3782')).toBe('amex');
    expect(brandOfNumber('2200 1234')).toBe('mir');
    expect(brandOfNumber('9')).toBe('');
  });
});
