import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { accessLabel, spokenDuration } from './features/catalogue/episode-tile';
import { CATALOG_MESSAGES, CATALOG_NAMESPACE } from './messages';
import { totalsLine } from './screens/series-detail';

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the catalogue’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(CATALOG_NAMESPACE, CATALOG_MESSAGES)).toEqual([]);
  });
  it('are registered by the remote itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(CATALOG_NAMESPACE)).toBe(CATALOG_MESSAGES);
  });
});

describe('a series’ totals in Russian count episodes and coins the Russian way', () => {
  const totals = { episodes: 5, duration_seconds: 360, free_episodes: 2, paid_episodes: 3, paid_coin_cost: 27 };

  it.each([
    [1, '1 серия'],
    [2, '2 серии'],
    [5, '5 серий'],
    [21, '21 серия'],
    [22, '22 серии'],
    [11, '11 серий'],
  ])('%i episodes read "%s"', async (episodes, text) => {
    await setLanguage('ru');
    const line = totalsLine(
      { episodes, duration_seconds: 0, free_episodes: 0, paid_episodes: 0, paid_coin_cost: 0 },
      false,
    );
    expect(line.split(' · ')[0]).toBe(text);
  });

  it('says what is free and what the rest costs', async () => {
    await setLanguage('ru');
    expect(totalsLine(totals, false)).toBe('5 серий · 6 мин · 2 бесплатные · остальные за 27 монет или с Gold');
    expect(totalsLine({ ...totals, paid_coin_cost: 21 }, false)).toContain('остальные за 21 монету или с Gold');
    expect(totalsLine({ ...totals, paid_coin_cost: 3 }, false)).toContain('за 3 монеты');
    expect(totalsLine(totals, true)).toBe('5 серий · 6 мин · 2 бесплатные · остальные с Gold');
    expect(totalsLine({ ...totals, free_episodes: 5, paid_episodes: 0 }, false)).toBe(
      '5 серий · 6 мин · все бесплатно',
    );
    expect(totalsLine({ ...totals, free_episodes: 0, paid_coin_cost: 1 }, false)).toBe(
      '5 серий · 6 мин · все за 1 монету или с Gold',
    );
  });

  it('marks a locked episode with its price in coins and says durations in Russian', async () => {
    await setLanguage('ru');
    const locked = (coin_cost: number) => accessLabel({ is_free: false, is_unlocked: false, coin_cost });
    expect(locked(1)).toBe('Закрыта · 1 монета');
    expect(locked(3)).toBe('Закрыта · 3 монеты');
    expect(locked(7)).toBe('Закрыта · 7 монет');
    expect(accessLabel({ is_free: true, is_unlocked: false, coin_cost: 0 })).toBe('Бесплатно');
    expect(accessLabel({ is_free: false, is_unlocked: false, coin_cost: 5 }, true)).toBe('Gold · для участников Gold');
    expect(spokenDuration(95)).toBe('1 мин 35 с');
  });
});
