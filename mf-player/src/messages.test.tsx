import { balanceChanged, catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { EpisodeDrawer } from './features/immersive/episode-drawer';
import { NextCountdown } from './features/immersive/next-countdown';
import { balanceStopMessage, capStopMessage } from './features/unlock/auto-unlock-rules';
import { Paywall } from './features/unlock/paywall';
import { UNLOCK_MESSAGES } from './features/unlock/unlock.saga';
import { coinsText, PLAYBACK_ERROR_MESSAGES, PLAYER_MESSAGES, PLAYER_NAMESPACE, playerT } from './messages';
import { PlayerView } from './screens/player-view';
import { episode, series } from './test/fixtures';
import { mockHttp } from './test/http-mock';
import { playerStore } from './test/store';

// Intl separates thousands with a no-break space; compare on plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

afterEach(async () => {
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the player’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(PLAYER_NAMESPACE, PLAYER_MESSAGES)).toEqual([]);
  });

  it('are registered by the remote itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(PLAYER_NAMESPACE)).toBe(PLAYER_MESSAGES);
  });
});

describe('counts and sentences in Russian', () => {
  it.each([
    [1, '1 монета', '1 монету', '1 монеты'],
    [2, '2 монеты', '2 монеты', '2 монет'],
    [5, '5 монет', '5 монет', '5 монет'],
    [11, '11 монет', '11 монет', '11 монет'],
    [21, '21 монета', '21 монету', '21 монеты'],
    [24, '24 монеты', '24 монеты', '24 монет'],
  ])('%i coins read "%s", "за %s" and "из %s"', async (count, nominative, accusative, genitive) => {
    await setLanguage('ru');
    expect(coinsText(count)).toBe(nominative);
    expect(coinsText(count, 'coinsFor')).toBe(accusative);
    expect(coinsText(count, 'coinsOf')).toBe(genitive);
  });

  it('thousands of coins are grouped the Russian way', async () => {
    await setLanguage('ru');
    expect(plain(coinsText(12345))).toBe('12 345 монет');
  });

  it('auto-unlock says why it stopped in whole Russian sentences', async () => {
    await setLanguage('ru');
    const setting = { series_id: 3, enabled: true, cap: 24, spent: 24, left: 0 };
    expect(capStopMessage(setting, 12)).toBe(
      'Автооткрытие остановлено: серия стоит 12 монет, а лимит в 24 монеты исчерпан.',
    );
    expect(capStopMessage({ ...setting, spent: 23, left: 1 }, 12)).toBe(
      'Автооткрытие остановлено: серия стоит 12 монет, а от лимита в 24 монеты осталась 1 монета.',
    );
    expect(balanceStopMessage(1, 0)).toBe('Автооткрытие приостановлено: серия стоит 1 монету, а у вас 0 монет.');
  });

  it('a viewer short of coins is told how many more they need', async () => {
    await setLanguage('ru');
    expect(playerT('unlock.needMore', { count: 1 })).toMatch(/^Чтобы открыть эту серию, не хватает 1 монеты\./);
    expect(playerT('unlock.needMore', { count: 3 })).toMatch(/не хватает 3 монет\./);
  });

  it('playback and unlock errors are in the page’s language at the moment they are shown', async () => {
    expect(PLAYBACK_ERROR_MESSAGES.network).toMatch(/^We lost the connection/);
    await setLanguage('ru');
    expect(PLAYBACK_ERROR_MESSAGES.network).toMatch(/^Связь прервалась/);
    expect(UNLOCK_MESSAGES.generic).toBe('Не удалось открыть эту серию. Попробуйте ещё раз.');
  });
});

describe('the player on screen in Russian', () => {
  it('the paywall switches at once: heading, price, balance and buttons, with correct plurals', async () => {
    const http = mockHttp(() => undefined);
    try {
      const store = playerStore();
      store.dispatch(balanceChanged({ balance: 2, reason: 'purchase' }));
      render(
        <Provider store={store}>
          <MemoryRouter initialEntries={['/player/3/episode/12']}>
            <Paywall episode={episode(12, 3, 2, { coin_cost: 21, hls_url: null })} goldExclusive={false} />
          </MemoryRouter>
        </Provider>,
      );
      expect(screen.getByRole('heading', { name: 'Episode 2 is locked' })).toBeInTheDocument();
      await act(() => setLanguage('ru'));
      expect(screen.getByRole('heading', { name: 'Серия 2 закрыта' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Открыть за 21 монету' })).toBeInTheDocument();
      expect(screen.getByTestId('paywall-balance')).toHaveTextContent('Ваш баланс: 2 монеты');
      expect(screen.getByRole('link', { name: 'Оформить Gold' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Купить монеты' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('ru');
    } finally {
      http.restore();
    }
  });

  it('the episode drawer counts episodes and names each tile in Russian', async () => {
    await setLanguage('ru');
    const episodes = [1, 2, 3, 4, 5].map((n) =>
      episode(n, 3, n, { duration: 90, is_free: n === 1, coin_cost: n === 1 ? 0 : 2 }),
    );
    render(
      <EpisodeDrawer
        episodes={episodes}
        currentId={1}
        goldExclusive={false}
        watchedIds={[]}
        autoplayNext
        onToggleAutoplay={() => undefined}
        onSelect={() => undefined}
        onClose={() => undefined}
      />,
    );
    const drawer = screen.getByRole('dialog', { name: 'Серии' });
    expect(within(drawer).getByText('5 серий')).toBeInTheDocument();
    expect(
      within(drawer).getByRole('button', { name: /^Серия 1, 1:30, Бесплатно, .*сейчас идёт$/ }),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /^Серия 2, 1:30, 2 монеты, / })).toBeInTheDocument();
    expect(within(drawer).getAllByRole('button', { name: 'Закрыть список серий' })).not.toHaveLength(0);
  });

  it('the countdown to the next episode says "через 5 секунд"', async () => {
    await setLanguage('ru');
    render(<NextCountdown nextNumber={3} onPlayNow={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Серия 3 начнётся через 5 секунд');
    expect(screen.getByRole('button', { name: 'Смотреть сейчас' })).toBeInTheDocument();
  });

  it('the phone player shows the series and the episode under their Russian titles, with Russian controls', async () => {
    const http = mockHttp((config) => (config.url === '/users/my-list/' ? { status: 200, data: [] } : undefined));
    try {
      await setLanguage('ru');
      const translated = series(3, {
        title: 'Midnight Vows',
        translations: { ru: { title: 'Полуночные клятвы' } },
      });
      const locked = episode(14, 3, 4, {
        series_title: 'Midnight Vows',
        title: 'The letter',
        description: 'She finds the letter.',
        translations: { ru: { title: 'Письмо', description: 'Она находит письмо.' } },
        hls_url: null,
      });
      const episodes = [1, 2, 3].map((n) => episode(10 + n, 3, n, { is_free: true, coin_cost: 0 }));
      render(
        <Provider store={playerStore()}>
          <MemoryRouter>
            <PlayerView
              series={translated}
              episodes={[...episodes, locked]}
              episode={locked}
              layout="mobile"
              onSelect={() => undefined}
              preloadNext={false}
            />
          </MemoryRouter>
        </Provider>,
      );
      expect(screen.getByRole('main', { name: 'Плеер: Полуночные клятвы · Серия 4' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Полуночные клятвы · Серия 4 / 4');
      expect(screen.getByText('Серия 4 · Письмо')).toBeInTheDocument();
      expect(screen.getByText('Она находит письмо.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Ещё' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Серии' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Поделиться' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Серия 4 закрыта' })).toBeInTheDocument();
    } finally {
      http.restore();
    }
  });
});
