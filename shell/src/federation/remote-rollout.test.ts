import {
  REMOTE_IDS,
  REMOTE_ROLLOUT_KEY_STORAGE,
  REMOTE_ROLLOUT_REFRESH_MS,
  REMOTE_VERSION_PIN_STORAGE,
  type RemoteRolloutsAnswer,
  resetTransportPolicy,
} from '@cliffhanger/shared';
import { UNVERSIONED } from './remote-registry';
import {
  chosenReleases,
  createRolloutRefresher,
  fetchRolloutRules,
  parseRolloutAnswer,
  readVersionPins,
  rolloutKey,
} from './remote-rollout';

const answer = (canaryShare: number): RemoteRolloutsAnswer => ({
  remotes: Object.fromEntries(
    REMOTE_IDS.map((id) => [
      id,
      {
        stable: { version: '1.0.0', manifest: `/remotes/${id}/1.0.0/mf-manifest.json` },
        canary:
          id === 'wallet'
            ? { version: '2.0.0', manifest: '/remotes/wallet/2.0.0/mf-manifest.json', share: canaryShare }
            : null,
      },
    ]),
  ) as RemoteRolloutsAnswer['remotes'],
});
const remotesJson = Object.fromEntries(REMOTE_IDS.map((id) => [id, `/remotes/${id}/mf-manifest.json`]));

function answering(routes: Record<string, { status: number; body?: unknown } | Error>) {
  const fetchMock = jest.fn(async (url: string) => {
    const route = routes[url];
    const headers = { get: () => null };
    if (!route) return { ok: false, status: 404, headers, json: async () => ({}) };
    if (route instanceof Error) throw route;
    return { ok: route.status < 400, status: route.status, headers, json: async () => route.body };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

beforeEach(() => {
  // Each test is a page of its own: an API failure met by the test before is not remembered.
  resetTransportPolicy();
  localStorage.clear();
  sessionStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the rollout rules', () => {
  it('come from GET /api/remotes/, with addresses resolved against the page', async () => {
    answering({ '/api/remotes/': { status: 200, body: answer(10) } });
    const { rules, source } = await fetchRolloutRules();
    expect(source).toBe('api');
    expect(rules.wallet.stable).toEqual({
      version: '1.0.0',
      manifest: 'http://localhost/remotes/wallet/1.0.0/mf-manifest.json',
    });
    expect(rules.wallet.canary?.share).toBe(10);
  });

  it('are read from the API wherever it lives, with addresses relative to the site', async () => {
    window.__CLIFFHANGER__ = { apiBaseUrl: 'https://api.example.com/api/' };
    try {
      const fetchMock = answering({ 'https://api.example.com/api/remotes/': { status: 200, body: answer(0) } });
      const { rules } = await fetchRolloutRules();
      expect(fetchMock).toHaveBeenCalledWith('https://api.example.com/api/remotes/', { credentials: 'omit' });
      expect(rules.catalog.stable.manifest).toBe('http://localhost/remotes/catalog/1.0.0/mf-manifest.json');
    } finally {
      delete window.__CLIFFHANGER__;
    }
  });

  it('fall back to remotes.json when the API has no such route or fails, so an older API still works', async () => {
    for (const failure of [
      { status: 404 },
      { status: 500 },
      new Error('Failed to fetch'),
      { status: 200, body: { nope: 1 } },
    ]) {
      answering({ '/api/remotes/': failure, '/remotes.json': { status: 200, body: remotesJson } });
      const { rules, source } = await fetchRolloutRules();
      expect(source).toBe('remotes.json');
      expect(rules.player).toEqual({
        stable: { version: UNVERSIONED, manifest: 'http://localhost/remotes/player/mf-manifest.json' },
        canary: null,
      });
    }
  });

  it('refuse an answer that leaves a remote without a valid stable version', () => {
    const broken = answer(0);
    (broken.remotes.catalog.stable as { version: string }).version = '../evil';
    expect(() => parseRolloutAnswer(broken, 'http://localhost/')).toThrow(/catalog/);
  });
});

describe('the version a session runs', () => {
  it('keeps one random key per browser, so re-reads choose the same version', async () => {
    const key = rolloutKey();
    expect(localStorage.getItem(REMOTE_ROLLOUT_KEY_STORAGE)).toBe(key);
    expect(rolloutKey()).toBe(key);
    answering({ '/api/remotes/': { status: 200, body: answer(50) } });
    const first = chosenReleases((await fetchRolloutRules()).rules, rolloutKey(), {}).wallet;
    for (let i = 0; i < 5; i += 1) {
      expect(chosenReleases((await fetchRolloutRules()).rules, rolloutKey(), {}).wallet).toEqual(first);
    }
  });

  it('honours ?remote-version=wallet@2.0.0 and keeps it for the tab', () => {
    expect(readVersionPins('?remote-version=wallet@2.0.0')).toEqual({ wallet: '2.0.0' });
    expect(sessionStorage.getItem(REMOTE_VERSION_PIN_STORAGE)).toBe('wallet@2.0.0');
    expect(readVersionPins('')).toEqual({ wallet: '2.0.0' });
    const rules = parseRolloutAnswer(answer(0), 'http://localhost/');
    expect(chosenReleases(rules, 'any', readVersionPins('')).wallet.version).toBe('2.0.0');
    expect(chosenReleases(rules, 'any', readVersionPins('')).player.version).toBe('1.0.0');
  });
});

describe('re-reading the rules', () => {
  it('on navigation at most once per refresh period, and on a timer', async () => {
    jest.useFakeTimers();
    let now = 0;
    const read = jest.fn(async () => ({ rules: parseRolloutAnswer(answer(0), 'http://localhost/') }));
    const apply = jest.fn();
    const refresher = createRolloutRefresher({ read, apply, key: () => 'k', pins: () => ({}), now: () => now });
    await refresher.refresh();
    expect(read).toHaveBeenCalledTimes(1);
    now += 1_000;
    expect(refresher.navigated()).toBeNull();
    now += REMOTE_ROLLOUT_REFRESH_MS;
    await refresher.navigated();
    expect(read).toHaveBeenCalledTimes(2);
    refresher.start();
    jest.advanceTimersByTime(REMOTE_ROLLOUT_REFRESH_MS);
    await Promise.resolve();
    expect(read).toHaveBeenCalledTimes(3);
    refresher.stop();
    expect(apply).toHaveBeenCalledTimes(3);
    jest.useRealTimers();
  });
});
