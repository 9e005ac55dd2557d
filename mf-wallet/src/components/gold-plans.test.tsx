import { goldBenefits, planFacts } from './gold-plans';

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
});
