import {
  type AutoUnlockSetting,
  balanceChanged,
  i18n,
  registerModule,
  setLanguage,
  showToast,
  type ToastInput,
} from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { playerApi } from '../../lib/player.api';
import { episode } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { playerStore } from '../../test/store';
import { AutoUnlockControl } from './auto-unlock-control';
import { autoUnlockDecision, capChoices, planningPrice } from './auto-unlock-rules';
import { Paywall } from './paywall';
import { resetWalletSheet } from './wallet-sheet';

let http: HttpMock;
afterEach(() => {
  http.restore();
  resetWalletSheet();
});
const flush = () => new Promise((r) => setTimeout(r, 0));

const setting = (overrides: Partial<AutoUnlockSetting> = {}): AutoUnlockSetting => ({
  series_id: 3,
  enabled: false,
  cap: 0,
  spent: 0,
  left: 0,
  ...overrides,
});

/** The player's store with a stand-in for the shell's toasts, so the tests can read what they said. */
function storeWithToasts() {
  const store = playerStore();
  registerModule(store, {
    id: 'toasts',
    screens: {},
    reducer: (state: ToastInput[] = [], action: UnknownAction) =>
      showToast.match(action) ? [...state, action.payload] : state,
    events: { emits: [], handles: [] },
  } as unknown as Parameters<typeof registerModule>[1]);
  const toasts = () => (store.getState() as unknown as { toasts: ToastInput[] }).toasts.map((t) => t.message);
  return { store, toasts };
}

function renderWith(store: ReturnType<typeof playerStore>, ui: React.ReactNode) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/player/3/episode/13']}>{ui}</MemoryRouter>
    </Provider>,
  );
}

describe('the auto-unlock control', () => {
  it('is off by default and turning it on asks for the limit, in coins and episodes, before anything is saved', async () => {
    let saved = setting();
    http = mockHttp((config) => {
      if (config.url === '/series/3/auto-unlock/' && config.method === 'get') return { status: 200, data: saved };
      if (config.url === '/series/3/auto-unlock/' && config.method === 'put') {
        const { cap } = JSON.parse(String(config.data)) as { cap: number };
        saved = setting({ enabled: true, cap, left: cap });
        return { status: 200, data: saved };
      }
    });
    renderWith(playerStore(), <AutoUnlockControl seriesId={3} price={12} />);
    expect(await screen.findByText('Auto-unlock: off')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);
    const group = screen.getByRole('group', { name: /Unlock the next episodes automatically/ });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '24 coins (about 2 episodes)' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '60 coins (about 5 episodes)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on with 60 coins' }));
    expect(await screen.findByText('Auto-unlock: on, 0 of 60 coins used')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(String(c.data)))).toEqual([{ cap: 60 }]);
  });

  it('speaks Russian: the limit in coins and episodes with their plurals, and what is used of it', async () => {
    let saved = setting();
    http = mockHttp((config) => {
      if (config.url === '/series/3/auto-unlock/' && config.method === 'get') return { status: 200, data: saved };
      if (config.url === '/series/3/auto-unlock/' && config.method === 'put') {
        const { cap } = JSON.parse(String(config.data)) as { cap: number };
        saved = setting({ enabled: true, cap, left: cap });
        return { status: 200, data: saved };
      }
    });
    try {
      await act(() => setLanguage('ru'));
      renderWith(playerStore(), <AutoUnlockControl seriesId={3} price={12} />);
      expect(await screen.findByText('Автооткрытие: выкл.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Включить' }));
      expect(screen.getByRole('group', { name: /Автоматически открывать следующие серии/ })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: '24 монеты (примерно на 2 серии)' })).toBeChecked();
      await userEvent.click(screen.getByRole('radio', { name: '60 монет (примерно на 5 серий)' }));
      await userEvent.click(screen.getByRole('button', { name: 'Включить на 60 монет' }));
      expect(await screen.findByText('Автооткрытие: вкл., потрачено 0 из 60 монет')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Выключить' })).toBeInTheDocument();
    } finally {
      localStorage.clear();
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows what is used of the limit and turns off in one tap', async () => {
    http = mockHttp((config) => {
      if (config.method === 'get')
        return { status: 200, data: setting({ enabled: true, cap: 60, spent: 24, left: 36 }) };
      if (config.method === 'delete') return { status: 200, data: setting({ cap: 60, spent: 24 }) };
    });
    renderWith(playerStore(), <AutoUnlockControl seriesId={3} price={12} />);
    expect(await screen.findByText('Auto-unlock: on, 24 of 60 coins used')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Auto-unlock: off')).toBeInTheDocument();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /series/3/auto-unlock/');
  });

  it('says so politely when the change could not be saved, and keeps the setting as it was', async () => {
    http = mockHttp((config) => {
      if (config.method === 'get')
        return { status: 200, data: setting({ enabled: true, cap: 24, spent: 0, left: 24 }) };
      if (config.method === 'delete') return { status: 400, data: {} };
    });
    renderWith(playerStore(), <AutoUnlockControl seriesId={3} price={12} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('auto-unlock could not be changed');
    expect(screen.getByText('Auto-unlock: on, 0 of 24 coins used')).toBeInTheDocument();
  });

  it('is not offered for a series with nothing to pay for', () => {
    http = mockHttp(() => undefined);
    const { container } = renderWith(playerStore(), <AutoUnlockControl seriesId={3} price={0} />);
    expect(container).toBeEmptyDOMElement();
    expect(http.calls).toEqual([]);
  });
});

describe('auto-unlock at the paywall', () => {
  const locked = episode(13, 3, 3, { coin_cost: 12, hls_url: null });

  it('unlocks the next locked episode by itself within the cap, with a toast of what it spent and what is left', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/auto-unlock/')
        return { status: 200, data: setting({ enabled: true, cap: 24, spent: 0, left: 24 }) };
      if (config.url === '/episodes/13/unlock/')
        return {
          status: 200,
          data: {
            unlocked: true,
            charged: 12,
            balance: 8,
            via: 'coins',
            automatic: true,
            auto_unlock: setting({ enabled: true, cap: 24, spent: 12, left: 12 }),
          },
        };
      if (config.url === '/episodes/13/stream/') return { status: 200, data: { hls_url: '/m.m3u8', video_url: null } };
      if (config.url === '/episodes/13/') return { status: 200, data: locked };
    });
    const { store, toasts } = storeWithToasts();
    await store.dispatch(playerApi.endpoints.playerEpisode.initiate('13'));
    renderWith(store, <Paywall episode={locked} goldExclusive={false} autoUnlock={{ next: true, price: 12 }} />);
    await waitFor(() => expect(toasts()).toHaveLength(1));
    expect(toasts()).toEqual(['12 coins spent: episode 3 unlocked automatically · 12 coins left of your limit']);
    const posted = http.calls.filter((c) => c.url === '/episodes/13/unlock/');
    expect(posted.map((c) => JSON.parse(String(c.data)))).toEqual([{ automatic: true }]);
    expect(playerApi.endpoints.playerEpisode.select('13')(store.getState()).data).toMatchObject({ is_unlocked: true });
    expect(await screen.findByText('Auto-unlock: on, 12 of 24 coins used')).toBeInTheDocument();
  });

  it('stops at the cap: no request, the paywall stays and says why', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/auto-unlock/')
        return { status: 200, data: setting({ enabled: true, cap: 24, spent: 24, left: 0 }) };
    });
    const { store, toasts } = storeWithToasts();
    renderWith(store, <Paywall episode={locked} goldExclusive={false} autoUnlock={{ next: true, price: 12 }} />);
    expect(
      await screen.findByText('Auto-unlock stopped: this episode costs 12 coins and your 24-coin limit is used up.'),
    ).toBeInTheDocument();
    await flush();
    expect(http.calls.find((c) => c.url === '/episodes/13/unlock/')).toBeUndefined();
    expect(toasts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Unlock for 12 coins' })).toBeEnabled();
  });

  it('pauses when the balance is short, saying so instead of opening anything by itself', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/auto-unlock/')
        return { status: 200, data: setting({ enabled: true, cap: 120, spent: 0, left: 120 }) };
    });
    const { store } = storeWithToasts();
    store.dispatch(balanceChanged({ balance: 5, reason: 'sync' }));
    renderWith(store, <Paywall episode={locked} goldExclusive={false} autoUnlock={{ next: true, price: 12 }} />);
    expect(
      await screen.findByText('Auto-unlock paused: this episode costs 12 coins and you have 5 coins.'),
    ).toBeInTheDocument();
    expect(http.calls.find((c) => c.url === '/episodes/13/unlock/')).toBeUndefined();
  });

  it('shows the server’s reason when it refuses an automatic unlock, and does not ask again', async () => {
    let reads = 0;
    http = mockHttp((config) => {
      if (config.url === '/series/3/auto-unlock/') {
        reads += 1;
        return { status: 200, data: setting({ enabled: true, cap: 24, spent: 0, left: 24 }) };
      }
      if (config.url === '/episodes/13/unlock/')
        return {
          status: 409,
          data: {
            message: 'Auto-unlock stopped at episode 3. Nothing was charged.',
            reason: 'auto_unlock_cap_reached',
          },
        };
    });
    const { store, toasts } = storeWithToasts();
    renderWith(store, <Paywall episode={locked} goldExclusive={false} autoUnlock={{ next: true, price: 12 }} />);
    expect(await screen.findByText('Auto-unlock stopped at episode 3. Nothing was charged.')).toBeInTheDocument();
    await flush();
    expect(http.calls.filter((c) => c.url === '/episodes/13/unlock/')).toHaveLength(1);
    expect(reads).toBeGreaterThanOrEqual(2); // the setting is read again after the refusal
    expect(toasts()).toEqual([]);
  });

  it('leaves an episode that is not the next locked one to the viewer', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/auto-unlock/')
        return { status: 200, data: setting({ enabled: true, cap: 120, spent: 0, left: 120 }) };
    });
    renderWith(
      playerStore(),
      <Paywall episode={locked} goldExclusive={false} autoUnlock={{ next: false, price: 12 }} />,
    );
    expect(await screen.findByText('Auto-unlock: on, 0 of 120 coins used')).toBeInTheDocument();
    await flush();
    expect(http.calls.find((c) => c.url === '/episodes/13/unlock/')).toBeUndefined();
  });
});

describe('auto-unlock rules', () => {
  it('unlocks only while on, within the cap and the balance', () => {
    const on = setting({ enabled: true, cap: 24, spent: 12, left: 12 });
    expect(autoUnlockDecision(undefined, 12, 100)).toBe('off');
    expect(autoUnlockDecision(setting(), 12, 100)).toBe('off');
    expect(autoUnlockDecision(on, 12, 100)).toBe('unlock');
    expect(autoUnlockDecision(on, 13, 100)).toBe('cap');
    expect(autoUnlockDecision(on, 12, 11)).toBe('balance');
  });

  it('offers limits of a few episodes at the next locked episode’s price', () => {
    expect(capChoices(12)).toEqual([
      { episodes: 2, coins: 24 },
      { episodes: 5, coins: 60 },
      { episodes: 10, coins: 120 },
    ]);
    const list = [
      { is_free: true, is_unlocked: true, coin_cost: 0 },
      { is_free: false, is_unlocked: true, coin_cost: 9 },
      { is_free: false, is_unlocked: false, coin_cost: 12 },
      { is_free: false, is_unlocked: false, coin_cost: 15 },
    ];
    expect(planningPrice(list)).toBe(12);
    expect(planningPrice(list.map((e) => ({ ...e, is_unlocked: true })))).toBe(15);
    expect(planningPrice([{ is_free: true, is_unlocked: true, coin_cost: 0 }])).toBe(0);
  });
});
