import { goldStatusChanged, selectIsGold, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SubscriptionPanel from '../../components/subscription-panel';
import SubscriptionScreen from '../../screens/subscription';
import { goldSubscription } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { settle, viewer, walletStore } from '../../test/store';
import { formatDate } from '../format';
import { isGoldSubscription } from './gold-status';
import { subscriptionApi } from './subscription.api';

let http: HttpMock;
afterEach(() => http?.restore());

describe('Gold status', () => {
  const now = Date.parse('2026-01-10T00:00:00Z');
  const sub = goldSubscription({ current_period_end: '2026-02-10T00:00:00Z' });
  it('is Gold only for a subscription named Gold whose end date is in the future', () => {
    expect(isGoldSubscription(sub, now)).toBe(true);
    expect(isGoldSubscription({ ...sub, name: 'Silver' }, now)).toBe(false);
    expect(isGoldSubscription({ ...sub, current_period_end: '2026-01-09T00:00:00Z' }, now)).toBe(false);
    expect(isGoldSubscription({ ...sub, current_period_end: 'soon' }, now)).toBe(false);
    expect(isGoldSubscription({ ...sub, status: 'expired' }, now)).toBe(false);
    expect(isGoldSubscription(null, now)).toBe(false);
  });
  it('stays Gold until the period ends after a cancellation', () => {
    expect(isGoldSubscription({ ...sub, status: 'active' }, now)).toBe(true);
  });
});

describe('the subscription panel', () => {
  it('does not ask for the active subscription on an ordinary visit by a viewer without Gold', async () => {
    http = mockHttp(() => ({ status: 404, data: { message: 'No active subscription' } }));
    renderWallet(<SubscriptionPanel />, { store: walletStore({ user: viewer({ subscription: null }) }) });
    expect(await screen.findByText(/free plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Gold plans' })).toHaveAttribute('href', '/gold-subscription');
    await act(() => settle());
    // No request, so no failed 404 for the browser to log in the console.
    expect(http.calls.filter((call) => call.url === '/subscriptions/active/')).toEqual([]);
  });

  it('asks once the profile shows a subscription, and treats a 404 then as none', async () => {
    const ended = goldSubscription();
    http = mockHttp(() => ({ status: 404, data: { message: 'No active subscription' } }));
    renderWallet(<SubscriptionPanel />, { store: walletStore({ user: viewer({ subscription: ended }) }) });
    expect(await screen.findByText(/free plan/)).toBeInTheDocument();
    expect(http.calls.filter((call) => call.url === '/subscriptions/active/')).toHaveLength(1);
  });

  it('shows the status with its end date and tells the session about a Gold it did not know', async () => {
    const subscription = goldSubscription();
    http = mockHttp(() => ({ status: 200, data: subscription }));
    // The profile already shows the subscription; the session has not marked Gold yet.
    const store = walletStore({ user: viewer({ subscription }) });
    renderWallet(<SubscriptionPanel />, { store });
    expect(await screen.findByText(/Active — renews on/)).toHaveTextContent(
      formatDate(subscription.current_period_end),
    );
    expect(selectIsGold(store.getState())).toBe(true);
  });

  it('cancels after a confirmation and replaces the subscription in state; Gold stays until the end date', async () => {
    const active = goldSubscription();
    const cancelled = { ...active, cancel_at_period_end: true };
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/active/') return { status: 200, data: active };
      if (config.url === '/subscriptions/cancel/') return { status: 200, data: cancelled };
    });
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen, user: viewer({ is_gold_member: true }) });
    renderWallet(<SubscriptionPanel />, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(http.calls.some((c) => c.url === '/subscriptions/cancel/')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText(/Cancelled — you keep Gold until/)).toBeInTheDocument();
    expect(subscriptionApi.endpoints.walletActiveSubscription.select()(store.getState()).data).toEqual(cancelled);
    expect(seen.find((a) => a.type === goldStatusChanged.type)?.payload).toEqual({
      isGold: true,
      periodEnd: cancelled.current_period_end,
    });
    expect(seen.some((a) => a.type === showToast.type)).toBe(true);
    expect(screen.getByRole('button', { name: 'Reactivate Gold' })).toBeInTheDocument();
  });

  it('reactivates and replaces the subscription in state', async () => {
    const cancelled = goldSubscription({ cancel_at_period_end: true });
    const reactivated = { ...cancelled, cancel_at_period_end: false };
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/active/') return { status: 200, data: cancelled };
      if (config.url === '/subscriptions/reactivate/') return { status: 200, data: reactivated };
    });
    const store = walletStore({ user: viewer({ subscription: cancelled }) });
    renderWallet(<SubscriptionPanel />, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate Gold' }));
    expect(await screen.findByText(/Active — renews on/)).toBeInTheDocument();
    expect(subscriptionApi.endpoints.walletActiveSubscription.select()(store.getState()).data).toEqual(reactivated);
  });

  it('says so when a cancellation fails, and keeps the subscription', async () => {
    const active = goldSubscription();
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/active/') return { status: 200, data: active };
      if (config.url === '/subscriptions/cancel/') return { status: 400, data: {} };
    });
    const store = walletStore({ user: viewer({ subscription: active }) });
    renderWallet(<SubscriptionPanel />, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await act(() => settle());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your subscription could not be cancelled');
    expect(screen.getByText(/Active — renews on/)).toBeInTheDocument();
  });
});

describe('the subscription screen', () => {
  it('gives the plan at a glance with the way to plans and payments', async () => {
    http = mockHttp(() => ({ status: 404, data: {} }));
    renderWallet(<SubscriptionScreen />, { path: '/subscription' });
    expect(screen.getByRole('heading', { name: 'Subscription', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/free plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage payment methods' })).toHaveAttribute(
      'href',
      '/account-dashboard/payments',
    );
  });
});
