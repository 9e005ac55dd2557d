import { catalogueProblems, registeredCatalogues, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin, staffMember } from '../../test/render';
import { PAYMENTS_MESSAGES, PAYMENTS_NAMESPACE } from './messages';
import { Payments } from './payments-screen';

const refunded = {
  id: 4,
  user_id: 7,
  user_email: 'ana@example.com',
  user_username: 'ana',
  kind: 'coins',
  description: '100 coins',
  package_id: 1,
  plan: null,
  amount_minor: 9900,
  currency: 'usd',
  status: 'succeeded',
  provider: 'dev',
  card_last4: '4242',
  refunded_minor: 9900,
  disputed_minor: 0,
  dispute_status: null,
  coins: 100,
  coins_reversed: 100,
  coins_owed: 51,
  gold_ended: false,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T11:00:00.000Z',
};
const paid = { ...refunded, id: 5, refunded_minor: 0, coins_reversed: 0, coins_owed: 0 };

let http: HttpMock;
afterEach(() => http?.restore());

function answer() {
  http = mockHttp((config) => {
    if (config.url === '/admin/payments/')
      return { status: 200, data: { results: [refunded], count: 1, page: 1, limit: 20 } };
    if (config.url === '/admin/payments/5/')
      return {
        status: 200,
        data: { payment: paid, refundable_minor: 9900, ledger: [], debts: [], staff_actions: [] },
      };
    if (config.url === '/admin/payments/5/refund/')
      return { status: 200, data: { applied: true, refunded_minor: 4950, payment: paid } };
  });
}
const superuser = staffMember({ id: 1, is_superuser: true });

describe('the payments desk', () => {
  it('has every text in English and Russian', () => {
    expect(catalogueProblems(PAYMENTS_NAMESPACE, PAYMENTS_MESSAGES)).toEqual([]);
    expect(registeredCatalogues().get(PAYMENTS_NAMESPACE)).toBe(PAYMENTS_MESSAGES);
  });

  it('lists a refund of spent coins as taken back and owed, with the card and the status', async () => {
    answer();
    renderAdmin(<Payments />, { path: '/admin/payments?status=succeeded&q=ana' });
    const row = (await screen.findByRole('button', { name: 'Payment #4 of ana@example.com' })).closest('tr');
    const cells = within(row as HTMLElement);
    expect(cells.getByText(/refunded \$99\.00/)).toBeInTheDocument();
    expect(cells.getByText('100 of 100 coins taken back · owes 51')).toBeInTheDocument();
    expect(cells.getByText(/card •••• 4242/)).toBeInTheDocument();
    const asked = http.calls.find((call) => call.url === '/admin/payments/');
    expect(asked?.params).toMatchObject({ status: 'succeeded', search: 'ana', page: 1, limit: 20 });
  });

  it('lets a superuser refund part of a payment with a reason after confirming, and says so', async () => {
    answer();
    const user = userEvent.setup();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const record: UnknownAction[] = [];
    renderAdmin(<Payments />, { user: superuser, record, path: '/admin/payments?payment=5' });
    const amount = await screen.findByRole('textbox', { name: /Amount to refund/ });
    await user.clear(amount);
    await user.type(amount, '49.50');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Charged twice');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(http.calls.some((call) => call.url === '/admin/payments/5/refund/')).toBe(true));
    const sent = http.calls.find((call) => call.url === '/admin/payments/5/refund/');
    expect(JSON.parse(String(sent?.data))).toMatchObject({ amount_minor: 4950, reason: 'Charged twice' });
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Refund $49.50 to ana@example.com?'));
    await waitFor(() => expect(record).toContainEqual(showToast({ type: 'success', message: 'Refunded $49.50' })));
    confirm.mockRestore();
  });

  it('refuses an amount above what is left before asking the API', async () => {
    answer();
    const user = userEvent.setup();
    renderAdmin(<Payments />, { user: superuser, path: '/admin/payments?payment=5' });
    const amount = await screen.findByRole('textbox', { name: /Amount to refund/ });
    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Too much');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Enter an amount above 0 and at most $99.00')).toBeInTheDocument();
    expect(http.calls.some((call) => call.url === '/admin/payments/5/refund/')).toBe(false);
  });

  it('shows other staff the payment without a refund form', async () => {
    answer();
    renderAdmin(<Payments />, { path: '/admin/payments?payment=5' });
    expect(await screen.findByText('Only a superuser can refund a payment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
