import { screen } from '@testing-library/react';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderWallet } from '../test/render';
import { GoldPlans, goldBenefits, planFacts } from './gold-plans';

let http: HttpMock;
afterEach(() => http?.restore());

const monthly = {
  id: 'monthly',
  name: 'Gold' as const,
  interval: 'month' as const,
  price: 299,
  currency: 'rub',
  title: 'Gold monthly',
};
const yearly = {
  id: 'yearly',
  name: 'Gold' as const,
  interval: 'year' as const,
  price: 2390,
  currency: 'rub',
  title: 'Gold yearly',
};

describe('Gold honesty', () => {
  it('gives each plan its price per month and the yearly saving against twelve monthly payments', () => {
    expect(planFacts(monthly, [monthly, yearly])).toEqual({ perMonth: 299, saving: null });
    expect(planFacts(yearly, [monthly, yearly])).toEqual({ perMonth: 199.17, saving: 1198 });
    // No saving is claimed when the yearly plan is not cheaper.
    expect(planFacts({ ...yearly, price: 4000 }, [monthly, yearly]).saving).toBeNull();
  });

  it('says what Gold opens with the catalogue’s real counts, free episodes of Gold exclusives included', () => {
    expect(
      goldBenefits({
        coin_episodes: 42,
        gold_exclusive_series: 2,
        gold_only_episodes: 9,
        gold_exclusive_free_episodes: 6,
      }),
    ).toEqual([
      'All 42 episodes that cost coins, with no coins needed',
      '9 episodes only members can watch, in 2 Gold exclusive series (their other 6 episodes are free for everyone)',
      'Nothing to top up, nothing to unlock',
    ]);
    expect(
      goldBenefits({
        coin_episodes: 1,
        gold_exclusive_series: 0,
        gold_only_episodes: 0,
        gold_exclusive_free_episodes: 0,
      }),
    ).toEqual(['The 1 episode that costs coins, with no coins needed', 'Nothing to top up, nothing to unlock']);
  });

  it('writes every price per period one way: "RUB 299 a month", never "per month" beside "a month"', async () => {
    http = mockHttp((config) =>
      config.url === '/subscriptions/plans/' ? { status: 200, data: [monthly, yearly] } : undefined,
    );
    const { container } = renderWallet(<GoldPlans />);
    expect(await screen.findByText('RUB 299 a month')).toBeInTheDocument();
    expect(screen.getByText('RUB 2,390 a year')).toBeInTheDocument();
    expect(screen.getByText(/That is RUB 199\.17 a month/)).toBeInTheDocument();
    expect(screen.getByText('Save RUB 1,198 a year')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Subscribe to Gold for RUB\s299 a month$/ })).toBeInTheDocument();
    expect(container.textContent?.replace(/[\u00a0\u202f]/g, ' ')).not.toMatch(/per (month|year)/);
    // The monthly plan's price is said once, not again as its own price per month.
    expect(screen.getAllByText(/RUB 299 a month/)).toHaveLength(1);
  });
});
