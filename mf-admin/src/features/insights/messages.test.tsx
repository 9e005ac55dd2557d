import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { act, screen } from '@testing-library/react';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { conversionSteps, funnelSteps } from './analytics-figures';
import { Analytics, Dashboard } from './insights-screens';
import { INSIGHTS_MESSAGES, INSIGHTS_NAMESPACE } from './messages';

let http: HttpMock | undefined;
afterEach(async () => {
  http?.restore();
  http = undefined;
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

// Intl separates thousands and currency with no-break spaces; compare on plain ones.
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const figures = (extra: Record<string, unknown> = {}) => ({
  active_viewers: 12345,
  viewers: 1,
  views: 2,
  episodes_watched: 3,
  unlocks: 0,
  coins_spent: 0,
  revenue: [{ currency: 'rub', coins_minor: 149_000, gold_minor: 0, total_minor: 149_000 }],
  new_registrations: 1,
  new_guests: 0,
  gold_members: 0,
  new_gold_subscriptions: 0,
  ...extra,
});

const analytics = (subscriptions: number) => ({
  days: 30,
  from: '2026-10-26',
  to: '2026-11-24',
  totals: { views: 0, viewers: 0, active_viewers: 0 },
  episode_revenue: [],
  daily: [],
  funnel: null,
  revenue: [],
  gold_conversions: [{ day: '2026-11-24', subscriptions }],
  retention: { d1: { cohort: 10, returned: 4, rate: 0.4 }, d7: { cohort: 0, returned: 0, rate: null } },
});

describe('the dashboard’s and analytics’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(INSIGHTS_NAMESPACE, INSIGHTS_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(INSIGHTS_NAMESPACE)).toBe(INSIGHTS_MESSAGES);
  });

  it('show the dashboard in Russian with figures grouped and money in roubles the Russian way', async () => {
    await act(() => setLanguage('ru'));
    http = mockHttp((config) =>
      config.url === '/admin/dashboard/'
        ? { status: 200, data: { generated_at: '2026-11-24T00:00:00Z', today: figures(), last_30_days: figures() } }
        : undefined,
    );
    renderAdmin(<Dashboard />, { path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Сегодня' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Сводка', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'За 30 дней' })).toBeInTheDocument();
    const viewers = screen.getAllByText('Активные зрители')[0];
    expect(plain(viewers.previousSibling?.textContent ?? null)).toBe('12 345');
    const revenue = screen.getAllByText('Выручка (RUB)')[0];
    expect(plain(revenue.previousSibling?.textContent ?? null)).toBe('1 490 ₽');
  });

  it.each([
    [1, 'За период 1 новая подписка Gold.'],
    [3, 'За период 3 новые подписки Gold.'],
    [5, 'За период 5 новых подписок Gold.'],
  ])('count %i new Gold subscriptions with the Russian plural', async (count, text) => {
    await act(() => setLanguage('ru'));
    http = mockHttp((config) => {
      if (config.url === '/admin/analytics/') return { status: 200, data: analytics(count) };
      if (config.url === '/admin/series/') return { status: 200, data: { results: [], count: 0, page: 1, limit: 100 } };
      return undefined;
    });
    renderAdmin(<Analytics />, { path: '/admin/analytics' });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Подписки Gold по дням' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Последние 7 дней' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Последние 30 дней' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Выбранные дни' })).toBeInTheDocument();
    expect(screen.getByText('День 1: 4 из 10')).toBeInTheDocument();
    expect(screen.getByText('За этот период платежей не было.')).toBeInTheDocument();
  });

  it('name the funnel’s steps in Russian, the chart’s missing ones included', async () => {
    await act(() => setLanguage('ru'));
    const { empty } = funnelSteps([]);
    expect(empty).toEqual(['Запуски', 'Досмотры', 'Показы оплаты', 'Открытия']);
    const steps = { starters: 4, finishers: 1, paywall_viewers: 2, unlockers: 1, coin_buyers: 0, gold_buyers: 0 };
    expect(conversionSteps(steps)[1]).toEqual({ label: 'Дошли до оплаты', value: 2, share: 0.5 });
  });
});
