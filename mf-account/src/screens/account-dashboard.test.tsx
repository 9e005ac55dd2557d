import { resetRemoteComponents, watchHistoryCleared, watchHistoryEntryRemoved } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { federationMock } from '../../../scripts/jest/federation-runtime-mock';
import type { HistoryEntry } from '../features/history/history.api';
import { episode, series } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderAccount } from '../test/render';
import { accountStore, payloadsOf, settle } from '../test/store';
import AccountDashboardScreen from './account-dashboard';

let http: HttpMock;
const remotesJson = jest.fn();

beforeEach(() => {
  localStorage.clear();
  federationMock.reset();
  resetRemoteComponents();
  remotesJson.mockReset().mockResolvedValue({ wallet: '/remotes/wallet/mf-manifest.json' });
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: remotesJson })) as unknown as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  http?.restore();
  jest.restoreAllMocks();
});

const renderDashboard = (path: string, store = accountStore()) =>
  renderAccount(<AccountDashboardScreen />, { path, route: '/account-dashboard/*', store });

const panel = (text: string) => async () => ({ default: () => <p>{text}</p> });

describe('the account dashboard', () => {
  it('gives each tab its own address, under /account-dashboard and /account alike', async () => {
    http = mockHttp(() => ({ status: 200, data: [] }));
    federationMock.answer('mf_wallet/SubscriptionPanel', panel('wallet subscription panel'));
    const view = renderDashboard('/account-dashboard');
    expect(await screen.findByText('wallet subscription panel')).toBeInTheDocument();
    expect(view.href()).toBe('/account-dashboard/subscription');
    const tabs = screen.getByRole('navigation', { name: 'Account sections' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/account-dashboard/subscription',
      '/account-dashboard/balance',
      '/account-dashboard/notifications',
      '/account-dashboard/security',
      '/account-dashboard/history',
      '/account-dashboard/payments',
    ]);
    await userEvent.click(within(tabs).getByRole('link', { name: 'Notifications' }));
    expect(view.href()).toBe('/account-dashboard/notifications');
    expect(within(tabs).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');
    view.unmount();
    const other = renderAccount(<AccountDashboardScreen />, { path: '/account/security', route: '/account/*' });
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Balance' })).toHaveAttribute(
      'href',
      '/account/balance',
    );
    other.unmount();
  });

  it('renders the wallet’s balance and transactions in the balance tab, loaded through federation', async () => {
    http = mockHttp(() => undefined);
    federationMock.answer('mf_wallet/BalancePanel', panel('wallet balance panel'));
    federationMock.answer('mf_wallet/TransactionsList', panel('wallet transactions'));
    renderDashboard('/account-dashboard/balance');
    expect(await screen.findByText('wallet balance panel')).toBeInTheDocument();
    expect(await screen.findByText('wallet transactions')).toBeInTheDocument();
    expect(federationMock.registered[0].remotes).toEqual([
      { name: 'mf_wallet', entry: 'http://localhost/remotes/wallet/mf-manifest.json' },
    ]);
  });

  it('shows a polite fallback when the wallet is unavailable, and Retry loads it without a reload', async () => {
    http = mockHttp(() => undefined);
    federationMock.answer('mf_wallet/PaymentsPanel', async () => {
      throw new Error('RUNTIME-008 failed to load remote entry');
    });
    renderDashboard('/account-dashboard/payments');
    expect(
      await screen.findByRole('heading', { name: 'Your payment methods is unavailable right now' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Everything else still works/)).toBeInTheDocument();
    federationMock.answer('mf_wallet/PaymentsPanel', panel('wallet payments panel'));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('wallet payments panel')).toBeInTheDocument();
    expect(federationMock.registered.at(-1)?.options).toEqual({ force: true });
  });

  it('falls back too when the page cannot say where the wallet lives', async () => {
    http = mockHttp(() => undefined);
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 404 })) as unknown as typeof fetch;
    renderDashboard('/account-dashboard/subscription');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

const entry = (id: number, episodeId: number): HistoryEntry => ({
  id,
  episode: episode(episodeId, 3, episodeId, { title: `Chapter ${episodeId}`, duration: 90 }),
  series: series(3, { title: 'Night Shift', title_en: 'Night Shift' }),
  progress: id === 1 ? 100 : 40,
  watched_at: '2026-01-05T10:00:00.000Z',
});

describe('the history tab', () => {
  it('lists watched episodes and removes one', async () => {
    http = mockHttp((config) => {
      if (config.url === '/users/watch-history/') return { status: 200, data: [entry(1, 7), entry(2, 8)] };
      if (config.url === '/users/watch-history/2/') return { status: 200, data: { message: 'Removed' } };
    });
    const seen: UnknownAction[] = [];
    renderDashboard('/account-dashboard/history', accountStore({ record: seen }));
    expect(await screen.findByRole('link', { name: /Night Shift Episode 7: Chapter 7/ })).toHaveAttribute(
      'href',
      '/player/3/episode/7',
    );
    expect(screen.getByText(/finished/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Night Shift, episode 8 from your history' }));
    await settle();
    expect(screen.queryByText(/Episode 8/)).not.toBeInTheDocument();
    expect(http.calls.find((c) => c.method === 'DELETE')?.url).toBe('/users/watch-history/2/');
    expect(payloadsOf(seen, watchHistoryEntryRemoved.type)).toEqual([{ episodeId: 8 }]);
  });

  it('says finished once the viewer reached the credits mark, and the share watched before it', async () => {
    const left = (id: number, position: number): HistoryEntry => ({
      ...entry(id, id + 6),
      episode: episode(id + 6, 3, id + 6, { duration: 118, credits_start: 110, position_seconds: position }),
      progress: (position / 118) * 100,
    });
    http = mockHttp((config) => {
      if (config.url === '/users/watch-history/') return { status: 200, data: [left(1, 111), left(2, 109)] };
    });
    renderDashboard('/account-dashboard/history');
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/· finished/);
    expect(rows[1]).toHaveTextContent(/· 92% watched/);
  });

  it('clears everything after a confirmation and tells the page (continue watching empties too)', async () => {
    http = mockHttp((config) => {
      if (config.url === '/users/watch-history/') return { status: 200, data: [entry(1, 7)] };
      if (config.url === '/users/watch-history/clear/') return { status: 200, data: { message: 'Cleared' } };
    });
    const seen: UnknownAction[] = [];
    renderDashboard('/account-dashboard/history', accountStore({ record: seen }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    expect(screen.getByText('This also empties Continue watching on the home screen.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, clear everything' }));
    expect(await screen.findByText(/Nothing here yet/)).toBeInTheDocument();
    expect(seen.some((a) => a.type === watchHistoryCleared.type)).toBe(true);
  });

  it('says "Failed to fetch watch history" when it cannot be loaded', async () => {
    http = mockHttp(() => ({ status: 403, data: {} }));
    renderDashboard('/account-dashboard/history');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch watch history');
  });
});
