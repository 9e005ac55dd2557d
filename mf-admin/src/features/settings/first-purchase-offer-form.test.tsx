import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { validateOffer } from './first-purchase-offer-form';
import { Settings } from './settings-screen';

let http: HttpMock;
afterEach(() => http.restore());

const PACKAGES = [
  { id: 1, coins: 100, bonus_coins: 0, price: 99, currency: 'rub', title: 'Starter', is_popular: false },
  { id: 2, coins: 500, bonus_coins: 50, price: 449, currency: 'rub', title: 'Binge', is_popular: true },
];
const SETTINGS = {
  coin_packages: PACKAGES,
  gold_plans: [{ id: 'monthly', name: 'Gold', interval: 'month', price: 299, currency: 'rub', title: 'Gold' }],
  rewards: { daily_bonus: [5], share_coins: 3, follow_prompt_coins: 100 },
  catalogue_defaults: { free_episodes: 2, coin_cost: 10 },
  feature_switches: { daily_bonus: true },
};

const saved = () =>
  http.calls
    .filter((call) => call.method === 'PUT' && call.url === '/admin/settings/first_purchase_offer/')
    .map((call) => JSON.parse(String(call.data)));

async function renderOfferForm(
  offer: unknown = null,
  answerPut?: (body: unknown) => { status: number; data: unknown },
) {
  http = mockHttp((config) => {
    if (config.url === '/admin/settings/' && config.method === 'get')
      return { status: 200, data: { ...SETTINGS, first_purchase_offer: offer } };
    if (config.method === 'put') {
      const body = JSON.parse(String(config.data));
      return answerPut ? answerPut(body) : { status: 200, data: { key: 'first_purchase_offer', value: body } };
    }
    return undefined;
  });
  renderAdmin(<Settings />, { path: '/admin/settings' });
  const form = await screen.findByRole('form', { name: 'First-purchase offer' });
  return { user: userEvent.setup(), form };
}

describe('the first-purchase offer form', () => {
  it('sets an extra-coins offer from labelled fields, with no raw JSON, and says what viewers get', async () => {
    const { user, form } = await renderOfferForm();
    expect(within(form).getByLabelText('Offer on')).toBeChecked();
    await user.selectOptions(within(form).getByLabelText('Coin package'), '1');
    await user.type(within(form).getByLabelText('Extra coins'), '100');
    await user.type(within(form).getByLabelText('Title viewers see'), 'Double coins on your first top-up');
    expect(within(form).getByText('Viewers get: 200 coins for RUB 99 (usually 100 coins)')).toBeInTheDocument();
    expect(form.querySelector('textarea')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));
    await waitFor(() =>
      expect(saved()).toEqual([
        {
          enabled: true,
          package_id: 1,
          kind: 'extra_coins',
          extra_coins: 100,
          title: 'Double coins on your first top-up',
        },
      ]),
    );
  });

  it('names each wrong field beside it and sends nothing until all are right', async () => {
    const { user, form } = await renderOfferForm();
    await user.selectOptions(within(form).getByLabelText('Coin package'), '2');
    await user.selectOptions(within(form).getByLabelText('What the offer gives'), 'lower_price');
    await user.type(within(form).getByLabelText('Offer price'), '449');
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));
    expect(await within(form).findByText('Enter a price lower than the usual RUB 449')).toBeInTheDocument();
    expect(within(form).getByText('Enter the title viewers see')).toBeInTheDocument();
    expect(within(form).getByLabelText('Offer price')).toHaveAttribute('aria-invalid', 'true');
    expect(saved()).toEqual([]);

    await user.clear(within(form).getByLabelText('Offer price'));
    await user.type(within(form).getByLabelText('Offer price'), '199.5');
    await user.type(within(form).getByLabelText('Title viewers see'), 'First top-up: 550 coins for 199.50 ₽');
    await user.type(within(form).getByLabelText('Last day (optional)'), '2099-12-31');
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));
    await waitFor(() =>
      expect(saved()).toEqual([
        {
          enabled: true,
          package_id: 2,
          kind: 'lower_price',
          price: 199.5,
          title: 'First top-up: 550 coins for 199.50 ₽',
          ends_at: '2099-12-31T23:59:59Z',
        },
      ]),
    );
  });

  it('shows the server’s refusal and lets staff take an offer down', async () => {
    const offer = { enabled: true, package_id: 1, kind: 'extra_coins', extra_coins: 50, title: 'More coins' };
    const { user, form } = await renderOfferForm(offer, (body) =>
      body === null
        ? { status: 200, data: { key: 'first_purchase_offer', value: null } }
        : { status: 400, data: { message: 'Invalid first_purchase_offer: ends_at has already passed' } },
    );
    expect(within(form).getByLabelText('Extra coins')).toHaveValue('50');
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/ends_at has already passed/);
    await user.click(within(form).getByRole('button', { name: 'Remove offer' }));
    await waitFor(() => expect(saved()).toContainEqual(null));
  });

  it('warns when the package the offer is on was taken off sale', async () => {
    const offer = { enabled: true, package_id: 9, kind: 'extra_coins', extra_coins: 50, title: 'Gone' };
    const { form } = await renderOfferForm(offer);
    expect(within(form).getByText(/no longer on sale/)).toBeInTheDocument();
  });

  it('refuses a last day already passed for an offer that is on', () => {
    const draft = {
      enabled: true,
      package_id: '1',
      kind: 'extra_coins' as const,
      extra_coins: '10',
      price: '',
      title: 'x',
      last_day: '2020-01-01',
    };
    expect(validateOffer(draft, PACKAGES).last_day).toBe('Pick a last day that has not passed yet');
    expect(validateOffer({ ...draft, enabled: false }, PACKAGES).last_day).toBeUndefined();
    expect(validateOffer({ ...draft, extra_coins: '0' }, PACKAGES).extra_coins).toMatch(/from 1/);
  });

  it('sends the Russian headline staff typed, and shows the saved one', async () => {
    const offer = {
      enabled: true,
      package_id: 2,
      kind: 'extra_coins',
      extra_coins: 50,
      title: 'Double coins',
      translations: { ru: { title: 'Вдвое больше монет' } },
    };
    const { user, form } = await renderOfferForm(offer);
    const russian = within(form).getByLabelText('Title viewers see in Russian');
    expect(russian).toHaveValue('Вдвое больше монет');
    await user.clear(russian);
    await user.type(russian, 'Первое пополнение вдвое');
    await user.click(within(form).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual({ ...offer, translations: { ru: { title: 'Первое пополнение вдвое' } } });
  });
});
