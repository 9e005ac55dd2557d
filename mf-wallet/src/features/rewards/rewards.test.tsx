import { balanceChanged, selectCoinBalance, showToast, trackEvent } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShareButtons, shareLinks } from '../../components/share-buttons';
import RewardsScreen from '../../screens/rewards';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { settle, walletStore } from '../../test/store';
import type { RewardsOverview } from './rewards.api';
import { device } from './rewards.saga';

let http: HttpMock;
afterEach(async () => {
  // Let the last refetch and the store's batched notification (one animation frame) land inside act.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  http?.restore();
  jest.restoreAllMocks();
});

const overview = (claimedToday: boolean): RewardsOverview => ({
  balance: 40,
  daily: {
    claimed_today: claimedToday,
    streak: claimedToday ? 3 : 2,
    today_coins: 15,
    next_claim_at: '2030-01-02T00:00:00.000Z',
    calendar: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      coins: day * 5,
      claimed: day < 3 || (claimedToday && day === 3),
      is_today: day === 3,
    })),
  },
  share: { coins: 10, channels: [{ channel: 'telegram', claimed_today: true }] },
  follow: { coins: 100, claimed: false },
});

const toasts = (seen: UnknownAction[]) =>
  seen.filter((a) => a.type === showToast.type).map((a) => (a as ReturnType<typeof showToast>).payload);
const events = (seen: UnknownAction[]) =>
  seen.filter((a) => a.type === trackEvent.type).map((a) => (a as ReturnType<typeof trackEvent>).payload.event);

describe('the daily bonus', () => {
  it('shows the streak calendar and collects today’s bonus once, crediting the balance everywhere', async () => {
    let claimed = false;
    http = mockHttp((config) => {
      if (config.url === '/rewards/') return { status: 200, data: overview(claimed) };
      if (config.url === '/rewards/daily/claim/') {
        claimed = true;
        return {
          status: 200,
          data: { credited: true, coins: 15, streak: 3, balance: 55, next_claim_at: '2030-01-02T00:00:00.000Z' },
        };
      }
    });
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen });
    renderWallet(<RewardsScreen />, { path: '/rewards', store });
    const calendar = await screen.findByRole('list', { name: 'This week’s bonuses' });
    expect(within(calendar).getAllByRole('listitem')).toHaveLength(7);
    expect(within(calendar).getByText('Day 3').closest('li')).toHaveAttribute('aria-current', 'date');
    await userEvent.click(screen.getByRole('button', { name: 'Collect 15 coins' }));
    expect(await screen.findByText(/Collected today/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Collect/ })).not.toBeInTheDocument();
    expect(selectCoinBalance(store.getState())).toBe(55);
    expect(toasts(seen)).toContainEqual(expect.objectContaining({ type: 'success', title: 'Daily bonus collected' }));
    expect(events(seen)).toEqual(expect.arrayContaining(['9.1 Rewards Viewed', '9.2 Daily Bonus Claimed']));
  });

  it('says politely when today’s bonus was already collected', async () => {
    http = mockHttp((config) => {
      if (config.url === '/rewards/') return { status: 200, data: overview(false) };
      if (config.url === '/rewards/daily/claim/')
        return {
          status: 409,
          data: { message: 'Already claimed', next_claim_at: '2030-01-02T00:00:00.000Z', balance: 40 },
        };
    });
    const seen: UnknownAction[] = [];
    renderWallet(<RewardsScreen />, { path: '/rewards', store: walletStore({ record: seen }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Collect 15 coins' }));
    await act(() => settle());
    expect(toasts(seen)).toContainEqual(
      expect.objectContaining({ type: 'info', message: expect.stringContaining('already collected today’s bonus') }),
    );
    expect(seen.some((a) => a.type === balanceChanged.type)).toBe(false);
  });
});

describe('sharing', () => {
  const rewardAnswer = (credited: boolean) => (config: { url?: string; data?: string }) =>
    config.url === '/rewards/share/'
      ? { status: 200, data: { channel: JSON.parse(config.data ?? '{}').channel, credited, coins: 10, balance: 50 } }
      : undefined;

  it('uses the device’s share sheet where there is one, and credits the reward', async () => {
    http = mockHttp(rewardAnswer(true));
    const share = jest.spyOn(device, 'share').mockResolvedValue(undefined);
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen });
    renderWallet(<ShareButtons canShareNatively />, { store });
    expect(screen.queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Share…/ }));
    await act(() => settle());
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://localhost' }));
    expect(http.calls.find((c) => c.url === '/rewards/share/')?.data).toBe(JSON.stringify({ channel: 'native' }));
    expect(selectCoinBalance(store.getState())).toBe(50);
    expect(events(seen)).toContain('11.5 Shared via Device Share Sheet');
    expect(toasts(seen)).toContainEqual(expect.objectContaining({ type: 'success', message: '+10 coins.' }));
  });

  it('credits nothing when the viewer closes the share sheet', async () => {
    http = mockHttp(rewardAnswer(true));
    jest.spyOn(device, 'share').mockRejectedValue(Object.assign(new Error('Share canceled'), { name: 'AbortError' }));
    renderWallet(<ShareButtons canShareNatively />);
    await userEvent.click(screen.getByRole('button', { name: /Share…/ }));
    await act(() => settle());
    expect(http.calls.some((c) => c.url === '/rewards/share/')).toBe(false);
  });

  it('copies the link where there is no share sheet, and says when today’s reward was already given', async () => {
    http = mockHttp(rewardAnswer(false));
    const copy = jest.spyOn(device, 'copy').mockResolvedValue(undefined);
    const seen: UnknownAction[] = [];
    renderWallet(<ShareButtons canShareNatively={false} />, { store: walletStore({ record: seen }) });
    await userEvent.click(screen.getByRole('button', { name: /Copy link/ }));
    await act(() => settle());
    expect(copy).toHaveBeenCalledWith('http://localhost');
    expect(events(seen)).toContain('11.6 Share Link Copied');
    expect(toasts(seen)).toContainEqual(
      expect.objectContaining({ type: 'info', message: expect.stringContaining('Link copied') }),
    );
    expect(seen.some((a) => a.type === balanceChanged.type)).toBe(false);
  });

  it('offers messaging apps, e-mail and SMS as links with the message filled in, each rewarded', async () => {
    http = mockHttp(rewardAnswer(true));
    const seen: UnknownAction[] = [];
    renderWallet(<ShareButtons canShareNatively={false} claimed={['telegram']} />, {
      store: walletStore({ record: seen }),
    });
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/ });
    expect(whatsapp).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/\?text=.*localhost/));
    expect(screen.getByRole('link', { name: /Telegram \(rewarded today\)/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/t\.me\/share\/url\?url=/),
    );
    expect(screen.getByRole('link', { name: /E-mail/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:\?subject=/),
    );
    expect(screen.getByRole('link', { name: /SMS/ })).toHaveAttribute('href', expect.stringMatching(/^sms:/));
    whatsapp.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot open other windows
    await userEvent.click(whatsapp);
    await act(() => settle());
    expect(http.calls.find((c) => c.url === '/rewards/share/')?.data).toBe(JSON.stringify({ channel: 'whatsapp' }));
    expect(events(seen)).toContain('11.1 Shared via WhatsApp');
  });

  it('builds every share address from the product’s own address', () => {
    const links = shareLinks('https://cliffhanger.example', 'Watch');
    expect(links.sms).toBe(`sms:?&body=${encodeURIComponent('Watch https://cliffhanger.example')}`);
    expect(links.telegram).toContain(encodeURIComponent('https://cliffhanger.example'));
  });
});
