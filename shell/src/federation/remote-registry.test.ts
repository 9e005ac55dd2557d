import { createHostStore, sessionReducer } from '@cliffhanger/shared';
import { federationMock } from '../../../scripts/jest/federation-runtime-mock';
import {
  attachStore,
  configureRemotes,
  loadRemoteModule,
  parseRemotesConfig,
  prefetchRemote,
  RemoteUnavailableError,
  resetRemoteRegistry,
} from './remote-registry';

const catalogModule = { id: 'catalog', screens: {}, events: { emits: [], handles: [] } };
const config = parseRemotesConfig(
  {
    catalog: '/remotes/catalog/mf-manifest.json',
    player: '/remotes/player/mf-manifest.json',
    wallet: 'https://wallet.example.com/mf-manifest.json',
    account: '/remotes/account/mf-manifest.json',
    admin: '/remotes/admin/mf-manifest.json',
  },
  'http://localhost/remotes.json',
);

beforeEach(() => {
  federationMock.reset();
  resetRemoteRegistry();
  configureRemotes(config);
});

describe('remote registry', () => {
  it('reads remote locations from remotes.json, resolving relative addresses against it', () => {
    expect(config.catalog).toBe('http://localhost/remotes/catalog/mf-manifest.json');
    expect(config.wallet).toBe('https://wallet.example.com/mf-manifest.json');
    expect(federationMock.registered[0].remotes.map((r) => r.name)).toEqual([
      'mf_catalog',
      'mf_player',
      'mf_wallet',
      'mf_account',
      'mf_admin',
    ]);
  });

  it('refuses a remotes.json that leaves a remote without an address', () => {
    expect(() => parseRemotesConfig({ catalog: '/x' }, 'http://localhost/')).toThrow(/player/);
  });

  it('loads a remote module that satisfies the contract', async () => {
    federationMock.answer('mf_catalog/module', async () => ({ default: catalogModule }));
    await expect(loadRemoteModule('catalog')).resolves.toBe(catalogModule);
  });

  it('treats a module that breaks the contract as unavailable', async () => {
    federationMock.answer('mf_catalog/module', async () => ({ default: { id: 'catalog' } }));
    await expect(loadRemoteModule('catalog')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });

  it('gives up on a hanging remote after 5 seconds', async () => {
    jest.useFakeTimers();
    federationMock.answer('mf_catalog/module', () => new Promise(() => undefined));
    const attempt = loadRemoteModule('catalog');
    jest.advanceTimersByTime(5_000);
    await expect(attempt).rejects.toThrow(/no answer in 5000 ms/);
    jest.useRealTimers();
  });

  it('re-registers a failed remote with force on retry, so it loads once it is back', async () => {
    federationMock.answer('mf_catalog/module', async () => {
      throw new Error('Failed to fetch');
    });
    await expect(loadRemoteModule('catalog')).rejects.toThrow(/unavailable/);
    federationMock.answer('mf_catalog/module', async () => ({ default: catalogModule }));
    await expect(loadRemoteModule('catalog')).resolves.toBe(catalogModule);
    const forced = federationMock.registered.find((call) => call.options?.force);
    expect(forced?.remotes).toEqual([{ name: 'mf_catalog', entry: config.catalog }]);
  });

  it('joins a remote warmed in the background to the store before any screen can render it', async () => {
    const store = createHostStore({ reducers: { session: sessionReducer } });
    attachStore(store);
    const reducer = (state = { grid: [] }) => state;
    federationMock.answer('mf_catalog/module', async () => ({ default: { ...catalogModule, reducer } }));
    prefetchRemote('catalog');
    await loadRemoteModule('catalog');
    expect((store.getState() as Record<string, unknown>).catalog).toEqual({ grid: [] });
  });

  it('shares one load between screens asking for the same remote at once', async () => {
    let calls = 0;
    federationMock.answer('mf_catalog/module', async () => {
      calls += 1;
      return { default: catalogModule };
    });
    await Promise.all([loadRemoteModule('catalog'), loadRemoteModule('catalog')]);
    expect(calls).toBe(1);
  });
});
