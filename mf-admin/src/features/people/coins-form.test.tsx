import { navigationRequested, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin, staffMember } from '../../test/render';
import { Users } from './people-screens';

const viewer = adminUser({ id: 7, email: 'ana@example.com', username: 'ana', coin_balance: 40 });

let http: HttpMock;
afterEach(() => http.restore());

function answerUsers(grant: { status: number; data: unknown } = { status: 200, data: { balance: 65, applied: true } }) {
  http = mockHttp((config) => {
    if (config.url === '/admin/users/')
      return { status: 200, data: { results: [viewer], count: 1, page: 1, limit: 20 } };
    if (config.url === '/admin/users/7/') return { status: 200, data: { user: viewer, ledger: [], unlocks: [] } };
    if (config.url === '/admin/users/7/coins/') return grant;
    if (config.url === '/admin/me/') return { status: 200, data: { ...viewer, id: 99, grant_limit: 1000 } };
  });
}

async function openCoinsForm() {
  const user = userEvent.setup();
  const record: UnknownAction[] = [];
  renderAdmin(<Users />, { record, user: staffMember({ id: 99 }) });
  await user.click(await screen.findByRole('button', { name: 'ana' }));
  const amount = await screen.findByLabelText('Coins to grant (minus to deduct)');
  const reason = screen.getByLabelText('Reason');
  return { user, record, amount, reason, apply: screen.getByRole('button', { name: 'Apply' }) };
}

const coinRequests = () => http.calls.filter((call) => call.url === '/admin/users/7/coins/');

describe('granting coins to a viewer', () => {
  it('refuses a fractional amount and an empty reason with a message beside each field, sending nothing', async () => {
    answerUsers();
    const { user, amount, reason, apply } = await openCoinsForm();
    await user.type(amount, '2.5');
    await user.click(apply);
    expect(amount).toHaveAccessibleDescription('Enter a whole number of coins, not 0 (minus to deduct)');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Say why, in a few words');
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    // Zero is no change at all, and a reason of blanks says nothing.
    await user.clear(amount);
    await user.type(amount, '0');
    await user.type(reason, '   ');
    await user.click(apply);
    expect(amount).toHaveAccessibleDescription('Enter a whole number of coins, not 0 (minus to deduct)');
    expect(reason).toHaveAccessibleDescription('Say why, in a few words');
    expect(coinRequests()).toHaveLength(0);
  });

  it('sends a whole amount with the trimmed reason, announces the new balance and clears the form', async () => {
    answerUsers();
    const { user, record, amount, reason, apply } = await openCoinsForm();
    await user.type(amount, '25');
    await user.type(reason, '  Refund for a broken episode ');
    await user.click(apply);
    await waitFor(() => expect(amount).toHaveValue(''));
    expect(coinRequests()).toHaveLength(1);
    const sent = JSON.parse(String(coinRequests()[0]?.data));
    expect(sent).toMatchObject({ amount: 25, reason: 'Refund for a broken episode' });
    expect(sent.idempotency_key).toEqual(expect.any(String));
    expect(
      record.filter((a) => showToast.match(a)).map((a) => (a as ReturnType<typeof showToast>).payload),
    ).toContainEqual(expect.objectContaining({ type: 'success', message: 'New balance: 65 coins' }));
    expect(amount).toHaveValue('');
    expect(reason).toHaveValue('');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the refusal of the API beside the amount', async () => {
    answerUsers({ status: 400, data: { message: 'The balance cannot go below zero' } });
    const { user, amount, reason, apply } = await openCoinsForm();
    await user.type(amount, '-500');
    await user.type(reason, 'Chargeback');
    await user.click(apply);
    expect(await screen.findByText('The balance cannot go below zero')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('The balance cannot go below zero');
    expect(amount).toHaveValue('-500');
  });

  it('states the grant limit on the form and refuses a larger grant in place, sending nothing', async () => {
    answerUsers();
    const { user, amount, reason, apply } = await openCoinsForm();
    expect(amount).toHaveAccessibleDescription(
      'You can grant up to 1,000 coins at once. Larger grants need a superuser.',
    );
    await user.type(amount, '1001');
    await user.type(reason, 'Contest prize');
    await user.click(apply);
    expect(amount).toHaveAccessibleDescription(
      'Grants above 1,000 coins need a superuser. Please ask one to make this grant.',
    );
    expect(coinRequests()).toHaveLength(0);
  });

  it('shows the API’s refusal of a large grant beside the amount, and stays on the page', async () => {
    const message = 'Grants of more than 500 coins need a superuser. Please ask one to make this grant.';
    answerUsers({ status: 403, data: { message, limit: 500 } });
    const { user, record, amount, reason, apply } = await openCoinsForm();
    await user.type(amount, '900');
    await user.type(reason, 'Contest prize');
    await user.click(apply);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(message);
    expect(amount).toHaveValue('900');
    expect(record.filter((action) => navigationRequested.match(action))).toEqual([]);
  });

  it('offers no coin form on your own account, saying another staff member must do it', async () => {
    answerUsers();
    const user = userEvent.setup();
    renderAdmin(<Users />, { user: staffMember({ id: viewer.id }) });
    await user.click(await screen.findByRole('button', { name: 'ana' }));
    expect(await screen.findByText(/You cannot change your own coin balance/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Coins to grant (minus to deduct)')).not.toBeInTheDocument();
    expect(coinRequests()).toHaveLength(0);
  });
});
