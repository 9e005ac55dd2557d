import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { Settings } from './settings-screen';

let http: HttpMock;
afterEach(() => http.restore());

const SETTINGS = {
  coin_packages: [
    {
      id: 1,
      coins: 100,
      bonus_coins: 0,
      price: 99,
      currency: 'rub',
      title: 'Starter',
      translations: { ru: { title: 'Для начала' }, en: { title: 'First steps' } },
      is_popular: false,
    },
    { id: 2, coins: 500, bonus_coins: 50, price: 449.5, currency: 'rub', title: 'Binge', is_popular: true },
  ],
  gold_plans: [
    { id: 'gold_monthly', name: 'Gold', interval: 'month', price: 299, currency: 'rub', title: 'Gold monthly' },
  ],
  rewards: { daily_bonus: [5, 10, 15], share_coins: 3, follow_prompt_coins: 100 },
  catalogue_defaults: { free_episodes: 2, coin_cost: 10 },
  feature_switches: { daily_bonus: true },
};

const saved = (key: string) =>
  http.calls
    .filter((call) => call.method === 'PUT' && call.url === `/admin/settings/${key}/`)
    .map((call) => JSON.parse(String(call.data)));

async function renderSettings() {
  http = mockHttp((config) => {
    if (config.url === '/admin/settings/' && config.method === 'get') return { status: 200, data: SETTINGS };
    if (config.method === 'put') return { status: 200, data: JSON.parse(String(config.data)) };
    return undefined;
  });
  renderAdmin(<Settings />, { path: '/admin/settings' });
  const user = userEvent.setup();
  const form = (name: string) => screen.findByRole('form', { name });
  return { user, form };
}

describe('the money settings forms', () => {
  it('shows no raw JSON anywhere: every package, plan and reward is a labelled field', async () => {
    const { form } = await renderSettings();
    const packages = await form('Coin packages');
    expect(
      within(packages)
        .getAllByLabelText('Title')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Starter', 'Binge']);
    expect(within(packages).getAllByLabelText('Marked as popular')[1]).toBeChecked();
    expect(within(await form('Gold plans')).getByLabelText('Code')).toHaveValue('gold_monthly');
    expect(within(await form('Reward amounts')).getByLabelText('Day 3')).toHaveValue('15');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('names each wrong package field beside it and sends nothing until all are right', async () => {
    const { user, form } = await renderSettings();
    const packages = await form('Coin packages');
    const [coins] = within(packages).getAllByLabelText('Coins');
    const [price] = within(packages).getAllByLabelText('Price');
    const [currency] = within(packages).getAllByLabelText('Currency');
    await user.clear(coins as HTMLElement);
    await user.type(coins as HTMLElement, '0');
    await user.clear(price as HTMLElement);
    await user.type(price as HTMLElement, '9.999');
    await user.clear(currency as HTMLElement);
    await user.type(currency as HTMLElement, 'r1');
    await user.click(within(packages).getByRole('button', { name: 'Save coin packages' }));
    expect(coins).toHaveAccessibleDescription('Enter a whole number of coins from 1 to 1,000,000');
    expect(price).toHaveAccessibleDescription('Enter a price from 0.01 to 1,000,000, with at most two decimals');
    expect(currency).toHaveAccessibleDescription('Enter a three-letter currency code, e.g. rub or usd');
    expect(saved('coin_packages')).toHaveLength(0);

    await user.clear(coins as HTMLElement);
    await user.type(coins as HTMLElement, '120');
    await user.clear(price as HTMLElement);
    await user.type(price as HTMLElement, '109.90');
    await user.clear(currency as HTMLElement);
    await user.type(currency as HTMLElement, 'RUB');
    await user.click(within(packages).getByRole('button', { name: 'Add a package' }));
    const titles = within(packages).getAllByLabelText('Title');
    await user.type(titles[2] as HTMLElement, 'Marathon');
    await user.type(within(packages).getAllByLabelText('Coins')[2] as HTMLElement, '2000');
    await user.type(within(packages).getAllByLabelText('Price')[2] as HTMLElement, '1490');
    await user.click(within(packages).getByRole('button', { name: 'Save coin packages' }));
    await waitFor(() => expect(saved('coin_packages')).toHaveLength(1));
    expect(saved('coin_packages')[0]).toEqual([
      {
        id: 1,
        coins: 120,
        bonus_coins: 0,
        price: 109.9,
        currency: 'rub',
        title: 'Starter',
        // Its names by language travel with it, untouched.
        translations: { ru: { title: 'Для начала' }, en: { title: 'First steps' } },
        is_popular: false,
      },
      { id: 2, coins: 500, bonus_coins: 50, price: 449.5, currency: 'rub', title: 'Binge', is_popular: true },
      { id: 3, coins: 2000, bonus_coins: 0, price: 1490, currency: 'rub', title: 'Marathon', is_popular: false },
    ]);
  });

  it('keeps a saved plan’s code, refuses a malformed or repeated new code, and sends plans named Gold', async () => {
    const { user, form } = await renderSettings();
    const plans = await form('Gold plans');
    expect(within(plans).getByLabelText('Code')).toBeDisabled();
    await user.click(within(plans).getByRole('button', { name: 'Add a plan' }));
    const code = within(plans).getAllByLabelText('Code')[1] as HTMLElement;
    await user.type(code, 'gold_monthly');
    await user.type(within(plans).getAllByLabelText('Title')[1] as HTMLElement, 'Gold yearly');
    await user.type(within(plans).getAllByLabelText('Price')[1] as HTMLElement, '2990');
    await user.click(within(plans).getByRole('button', { name: 'Save Gold plans' }));
    expect(code).toHaveAccessibleDescription('Another plan has this code');
    await user.clear(code);
    await user.type(code, '9gold');
    await user.click(within(plans).getByRole('button', { name: 'Save Gold plans' }));
    expect(code).toHaveAccessibleDescription('Start with a letter; use lower-case letters, digits, - and _ (up to 32)');
    expect(saved('gold_plans')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, 'gold_yearly');
    await user.selectOptions(within(plans).getAllByLabelText('Billed every')[1] as HTMLElement, 'year');
    await user.click(within(plans).getByRole('button', { name: 'Save Gold plans' }));
    await waitFor(() => expect(saved('gold_plans')).toHaveLength(1));
    expect(saved('gold_plans')[0]).toEqual([
      SETTINGS.gold_plans[0],
      { id: 'gold_yearly', name: 'Gold', interval: 'year', price: 2990, currency: 'rub', title: 'Gold yearly' },
    ]);
  });

  it('edits the daily bonus day by day and the other rewards as whole coins', async () => {
    const { user, form } = await renderSettings();
    const rewards = await form('Reward amounts');
    await user.clear(within(rewards).getByLabelText('Day 2'));
    await user.type(within(rewards).getByLabelText('Day 2'), '-4');
    await user.click(within(rewards).getByRole('button', { name: 'Save reward amounts' }));
    expect(within(rewards).getByLabelText('Day 2')).toHaveAccessibleDescription(
      'Enter a whole number of coins from 0 to 100,000',
    );
    expect(saved('rewards')).toHaveLength(0);

    await user.clear(within(rewards).getByLabelText('Day 2'));
    await user.type(within(rewards).getByLabelText('Day 2'), '12');
    await user.click(within(rewards).getByRole('button', { name: 'Add a day' }));
    await user.clear(within(rewards).getByLabelText('Day 4'));
    await user.type(within(rewards).getByLabelText('Day 4'), '50');
    await user.clear(within(rewards).getByLabelText('Coins per share'));
    await user.type(within(rewards).getByLabelText('Coins per share'), '5');
    await user.click(within(rewards).getByRole('button', { name: 'Save reward amounts' }));
    await waitFor(() => expect(saved('rewards')).toHaveLength(1));
    expect(saved('rewards')[0]).toEqual({ daily_bonus: [5, 12, 15, 50], share_coins: 5, follow_prompt_coins: 100 });
  });

  it('gives every pack and plan a Russian title, sent with the others kept and left out when empty', async () => {
    const { user, form } = await renderSettings();
    const packages = await form('Coin packages');
    const russian = within(packages).getAllByLabelText('Russian title');
    expect(russian.map((input) => (input as HTMLInputElement).value)).toEqual(['Для начала', '']);
    expect(russian[0]).toHaveAttribute('lang', 'ru');
    expect(russian[0]).toHaveAccessibleDescription(
      'Optional. Viewers who use the site in Russian see it instead of the title.',
    );
    await user.clear(russian[0] as HTMLElement);
    await user.type(russian[1] as HTMLElement, '  Запоем ');
    await user.click(within(packages).getByRole('button', { name: 'Save coin packages' }));
    await waitFor(() => expect(saved('coin_packages')).toHaveLength(1));
    const [first, second] = saved('coin_packages')[0];
    // Cleared: no Russian title, the English one kept as it was.
    expect(first.translations).toEqual({ en: { title: 'First steps' } });
    expect(second.translations).toEqual({ ru: { title: 'Запоем' } });

    const plans = await form('Gold plans');
    await user.type(within(plans).getByLabelText('Russian title'), 'я'.repeat(81));
    await user.click(within(plans).getByRole('button', { name: 'Save Gold plans' }));
    expect(within(plans).getByLabelText('Russian title')).toHaveAccessibleDescription(
      /Keep the title within 80 characters/,
    );
    expect(saved('gold_plans')).toHaveLength(0);
    await user.clear(within(plans).getByLabelText('Russian title'));
    await user.type(within(plans).getByLabelText('Russian title'), 'Gold на месяц');
    await user.click(within(plans).getByRole('button', { name: 'Save Gold plans' }));
    await waitFor(() => expect(saved('gold_plans')).toHaveLength(1));
    expect(saved('gold_plans')[0][0].translations).toEqual({ ru: { title: 'Gold на месяц' } });
  });
});
