import { showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { type Answer, type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAccount } from '../../test/render';
import { accountStore, guest, payloadsOf, settle } from '../../test/store';
import { NOTIFICATIONS_LOAD_ERROR, NOTIFICATIONS_SAVE_ERROR } from './notifications.api';
import { NotificationsTab } from './notifications-tab';

const URL = '/users/notification-preferences/';
const STORED = { email_new_episodes: true, email_promotions: false, push_enabled: true };

let http: HttpMock;
afterEach(() => http?.restore());

const bodyOf = (config: InternalAxiosRequestConfig) =>
  typeof config.data === 'string' ? JSON.parse(config.data) : config.data;

/** A server holding the preferences; `put` decides each update's answer (default: apply and answer). */
function preferencesServer(put?: (body: Record<string, boolean>) => Answer | Promise<Answer>) {
  let stored = { ...STORED };
  return mockHttp(async (config) => {
    if (config.url !== URL) return undefined;
    if (config.method === 'get') return { status: 200, data: stored };
    const body = bodyOf(config) as Record<string, boolean>;
    if (put) return put(body);
    stored = { ...stored, ...body };
    return { status: 200, data: stored };
  });
}

describe('the notifications tab', () => {
  it('shows each preference the API stores as a labelled, described switch', async () => {
    http = preferencesServer();
    renderAccount(<NotificationsTab />);
    const episodes = await screen.findByRole('switch', { name: /New episodes/ });
    expect(episodes).toBeChecked();
    expect(episodes).toHaveAccessibleDescription('An e-mail when a series you follow gets a new episode.');
    expect(screen.getByRole('switch', { name: /Offers and bonuses/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Browser notifications/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'What we may send you' })).toBeInTheDocument();
    expect(http.calls).toEqual([expect.objectContaining({ method: 'GET', url: URL })]);
  });

  it('shows a change at once and sends only the preference that changed', async () => {
    let answer: (value: Answer) => void = () => undefined;
    http = preferencesServer(
      () =>
        new Promise<Answer>((resolve) => {
          answer = resolve;
        }),
    );
    renderAccount(<NotificationsTab />);
    const promotions = await screen.findByRole('switch', { name: /Offers and bonuses/ });
    await userEvent.click(promotions);
    // Still waiting for the API, and the switch already shows the choice.
    expect(promotions).toBeChecked();
    const put = http.calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe(URL);
    expect(JSON.parse(String(put?.data))).toEqual({ email_promotions: true });
    answer({ status: 200, data: { ...STORED, email_promotions: true } });
    await settle();
    expect(promotions).toBeChecked();
  });

  it('rolls a refused change back and says so in a toast', async () => {
    http = preferencesServer(() => ({ status: 403, data: { message: 'Forbidden' } }));
    const seen: UnknownAction[] = [];
    renderAccount(<NotificationsTab />, { store: accountStore({ record: seen }) });
    const episodes = await screen.findByRole('switch', { name: /New episodes/ });
    await userEvent.click(episodes);
    await waitFor(() => expect(episodes).toBeChecked());
    expect(screen.getByRole('switch', { name: /Browser notifications/ })).toBeChecked();
    expect(payloadsOf(seen, showToast.type)).toEqual([{ type: 'error', message: NOTIFICATIONS_SAVE_ERROR }]);
  });

  it('rolls back only the refused change when two are on their way', async () => {
    http = preferencesServer((body) =>
      'push_enabled' in body
        ? { status: 400, data: { message: 'Invalid body' } }
        : { status: 200, data: { ...STORED, ...body } },
    );
    renderAccount(<NotificationsTab />);
    const promotions = await screen.findByRole('switch', { name: /Offers and bonuses/ });
    const push = screen.getByRole('switch', { name: /Browser notifications/ });
    await userEvent.click(promotions);
    await userEvent.click(push);
    await settle();
    expect(promotions).toBeChecked();
    expect(push).toBeChecked();
  });

  it('says when the preferences cannot be loaded, and Try again asks again', async () => {
    let fail = true;
    http = mockHttp((config) =>
      config.url === URL ? (fail ? { status: 403, data: {} } : { status: 200, data: STORED }) : undefined,
    );
    renderAccount(<NotificationsTab />);
    expect(await screen.findByText(NOTIFICATIONS_LOAD_ERROR)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: /New episodes/ })).toBeChecked();
  });

  it('asks a guest to sign in and asks the API nothing', async () => {
    http = preferencesServer();
    renderAccount(<NotificationsTab />, { store: accountStore({ user: guest() }) });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    await settle();
    expect(http.calls).toEqual([]);
  });
});
