import { screen, within } from '@testing-library/react';
import BalancePanel from '../../components/balance-panel';
import CoinStoreScreen from '../../screens/coin-store';
import StoreScreen from '../../screens/store';
import { packages, plans } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { viewer, walletStore } from '../../test/store';
import { formatPrice, signedCoins } from '../format';

let http: HttpMock;
afterEach(() => http?.restore());

describe('the coin store', () => {
  it('shows each package with its coins, bonus and price in its own currency, and the balance', async () => {
    http = mockHttp((config) => (config.url === '/coins/packages/' ? { status: 200, data: packages } : undefined));
    renderWallet(<CoinStoreScreen />, { path: '/coins' });
    expect(screen.getByRole('heading', { name: 'Coin store', level: 1 })).toBeInTheDocument();
    const binge = (await screen.findByRole('heading', { name: 'Binge pack' })).closest('li') as HTMLElement;
    expect(within(binge).getByText('500 coins')).toBeInTheDocument();
    expect(within(binge).getByText(/\+ 50 bonus/)).toBeInTheDocument();
    expect(within(binge).getByText(formatPrice(449, 'rub').replace(/\s/g, ' '))).toBeInTheDocument();
    expect(within(binge).getByText('Most popular')).toBeInTheDocument();
    const marathon = screen.getByRole('heading', { name: 'Marathon' }).closest('li') as HTMLElement;
    expect(within(marathon).getByText('$9.99')).toBeInTheDocument();
    expect(screen.getByLabelText('Your balance')).toHaveTextContent('40 coins');
  });

  it('says "Failed to fetch coin packages" when they cannot be loaded', async () => {
    http = mockHttp(() => ({ status: 403, data: {} }));
    renderWallet(<CoinStoreScreen />, { path: '/coins' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch coin packages');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says plainly when no package is on sale', async () => {
    http = mockHttp((config) => (config.url === '/coins/packages/' ? { status: 200, data: [] } : undefined));
    renderWallet(<CoinStoreScreen />, { path: '/coins' });
    expect(await screen.findByText('No coin packages are on sale right now.')).toBeInTheDocument();
  });
});

describe('the balance panel other screens show', () => {
  it('offers Buy coins to a viewer without Gold, and not on the coin store itself', () => {
    http = mockHttp(() => undefined);
    const view = renderWallet(<BalancePanel />, { path: '/account-dashboard/balance' });
    expect(screen.getByRole('link', { name: 'Buy coins' })).toHaveAttribute('href', '/coins');
    view.unmount();
    renderWallet(<BalancePanel />, { path: '/coins' });
    expect(screen.queryByRole('link', { name: 'Buy coins' })).not.toBeInTheDocument();
  });

  it('hides Buy coins from a Gold member', () => {
    http = mockHttp(() => undefined);
    renderWallet(<BalancePanel />, {
      path: '/account-dashboard/balance',
      store: walletStore({ user: viewer({ is_gold_member: true }) }),
    });
    expect(screen.queryByRole('link', { name: 'Buy coins' })).not.toBeInTheDocument();
    expect(screen.getByText(/Gold member: every episode is open to you/)).toBeInTheDocument();
  });
});

describe('the store', () => {
  it('puts coins and Gold side by side', async () => {
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: packages };
      if (config.url === '/subscriptions/plans/') return { status: 200, data: plans };
    });
    renderWallet(<StoreScreen />, { path: '/store' });
    expect(screen.getByRole('heading', { name: 'Coins' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gold' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Buy 100 coins for/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Subscribe to Gold for .* a month/ })).toBeInTheDocument();
    expect(screen.getByText(/no coins needed/)).toBeInTheDocument();
  });
});

describe('prices and coins as text', () => {
  it('formats a price in its currency, rub by default, whole amounts without a fraction', () => {
    expect(formatPrice(99, 'usd', 'en')).toBe('$99');
    expect(formatPrice(4.99, 'usd', 'en')).toBe('$4.99');
    expect(formatPrice(99, null, 'en')).toBe(formatPrice(99, 'rub', 'en'));
    expect(formatPrice(99, null, 'en')).toMatch(/RUB/);
  });

  it('writes the same amount in roubles the Russian way', () => {
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatPrice(1490, 'rub', 'ru'))).toBe('1 490 ₽');
    expect(plain(formatPrice(99.5, null, 'ru'))).toBe('99,50 ₽');
  });

  it('shows an unknown currency code plainly', () => {
    expect(formatPrice(10, 'xx', 'en')).toBe('10 XX');
  });

  it('signs coins by direction', () => {
    expect(signedCoins(50)).toBe('+50 coins');
    expect(signedCoins(-1)).toBe('−1 coin');
  });
});
