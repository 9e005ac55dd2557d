import { catalogueChanged, createHostStore } from '@cliffhanger/shared';
import { runSaga } from 'redux-saga';
import { scheduleStartupLoaderRemoval } from './startup-loader';
import { runStartupSequence, startupSteps, unregisterServiceWorkers } from './startup-sequence';
import { storageSyncSaga } from './storage-sync.saga';

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});
afterEach(() => jest.useRealTimers());

describe('the startup loader', () => {
  it('fades out at 2 s and is removed 0.3 s later', () => {
    jest.useFakeTimers();
    document.body.innerHTML = '<div id="startup-loader"></div>';
    scheduleStartupLoaderRemoval();
    const loader = () => document.getElementById('startup-loader');
    jest.advanceTimersByTime(1_999);
    expect(loader()?.classList.contains('is-fading')).toBe(false);
    jest.advanceTimersByTime(1);
    expect(loader()?.classList.contains('is-fading')).toBe(true);
    jest.advanceTimersByTime(299);
    expect(loader()).not.toBeNull();
    jest.advanceTimersByTime(1);
    expect(loader()).toBeNull();
  });
});

describe('the startup sequence', () => {
  it('runs migrate, clean-up, sync, service workers, notifications and render in this order', async () => {
    const names = startupSteps({
      startStorageSync: () => undefined,
      offerNotifications: () => undefined,
      render: () => undefined,
    }).map((s) => s.name);
    expect(names).toEqual([
      'migrate stored media addresses',
      'remove test data',
      'start the storage sync service',
      'unregister service workers',
      'offer notifications',
      'render',
    ]);
  });

  it('only logs a failing step and still renders', async () => {
    const order: string[] = [];
    const log = jest.fn();
    await runStartupSequence(
      [
        { name: 'one', run: () => order.push('one') },
        {
          name: 'broken',
          run: () => {
            throw new Error('boom');
          },
        },
        { name: 'async broken', run: () => Promise.reject(new Error('later')) },
        { name: 'render', run: () => order.push('render') },
      ],
      log,
    );
    expect(order).toEqual(['one', 'render']);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('migrates media addresses and removes test data and stale guest data', async () => {
    localStorage.setItem(
      'series',
      JSON.stringify([{ title: 'Test1' }, { title: 'Real', cover_image: 'https://a.nyc3.x.com/c.jpg' }]),
    );
    localStorage.setItem(
      'guest_state',
      JSON.stringify({ id: 'g', lastUpdated: 0, balance: 0, watchHistory: [], purchases: [] }),
    );
    await runStartupSequence(
      startupSteps({
        startStorageSync: () => undefined,
        offerNotifications: () => undefined,
        render: () => undefined,
      }).slice(0, 2),
    );
    expect(JSON.parse(localStorage.getItem('series') ?? '')).toEqual([
      { title: 'Real', cover_image: 'https://a.sfo3.x.com/c.jpg' },
    ]);
    expect(localStorage.getItem('guest_state')).toBeNull();
  });

  it('unregisters every service worker', async () => {
    const unregister = jest.fn(async () => true);
    const nav = {
      serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] },
    } as unknown as Navigator;
    await expect(unregisterServiceWorkers(nav)).resolves.toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
  });
});

describe('the storage sync service', () => {
  async function startSync() {
    const dispatched: Array<{ type: string }> = [];
    const task = runSaga(
      { dispatch: (a: { type: string }) => dispatched.push(a), getState: () => ({}) },
      storageSyncSaga,
      window,
    );
    return { dispatched, task, changes: () => dispatched.filter((a) => a.type === catalogueChanged.type).length };
  }

  it('checks 500 ms after start and then every 5 s, announcing a changed key once', async () => {
    jest.useFakeTimers();
    const { changes, task } = await startSync();
    localStorage.setItem('allSeries', '[{"id":1}]');
    await jest.advanceTimersByTimeAsync(499);
    expect(changes()).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(changes()).toBe(1);
    localStorage.setItem('teasers', '[]');
    await jest.advanceTimersByTimeAsync(4_999);
    expect(changes()).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(changes()).toBe(2);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(changes()).toBe(2);
    task.cancel();
  });

  it('announces at once when another tab writes a synced key', async () => {
    const { changes, task } = await startSync();
    localStorage.setItem('series', '[{"id":2}]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'series' }));
    expect(changes()).toBe(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(changes()).toBe(1);
    task.cancel();
  });

  it('reaches the store as catalogue/changed', async () => {
    jest.useFakeTimers();
    const seen: string[] = [];
    const store = createHostStore({
      sagas: [storageSyncSaga],
      middleware: [
        () => (next) => (action) => {
          seen.push((action as { type: string }).type);
          return next(action);
        },
      ],
    });
    localStorage.setItem('featuredSeries', '[]');
    await jest.advanceTimersByTimeAsync(500);
    expect(seen.filter((t) => t === 'catalogue/changed')).toHaveLength(1);
    expect(store).toBeTruthy();
  });
});
