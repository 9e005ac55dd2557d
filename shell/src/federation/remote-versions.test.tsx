import {
  baseApi,
  installRemoteComponentLoader,
  REMOTE_IDS,
  type RemoteId,
  RemoteSlot,
  resetRemoteComponents,
  screensOf,
} from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { cancelled, take } from 'redux-saga/effects';
import { federationMock } from '../../../scripts/jest/federation-runtime-mock';
import { testStore } from '../test-support';
import {
  attachStore,
  type ChosenReleases,
  chooseReleases,
  configureReleases,
  forgetExposedComponent,
  loadExposedComponent,
  loadedExposedComponent,
  resetRemoteRegistry,
  setRemoteLoadListener,
} from './remote-registry';
import { RemoteScreen } from './remote-screen';

const walletScreen = screensOf('wallet')[0];
const releasesWith = (wallet: string): ChosenReleases =>
  Object.fromEntries(
    REMOTE_IDS.map((id) => [
      id,
      id === 'wallet'
        ? { version: wallet, manifest: `http://localhost/remotes/wallet/${wallet}/mf-manifest.json` }
        : { version: '1.0.0', manifest: `http://localhost/remotes/${id}/1.0.0/mf-manifest.json` },
    ]),
  ) as Record<RemoteId, { version: string; manifest: string }>;

const sagaLog: string[] = [];
function walletVersion(version: string) {
  function* saga() {
    sagaLog.push(`start ${version}`);
    try {
      yield take('never/happens');
    } finally {
      if ((yield cancelled()) as boolean) sagaLog.push(`cancel ${version}`);
    }
  }
  return {
    id: 'wallet' as const,
    screens: Object.fromEntries(screensOf('wallet').map((key) => [key, () => <p>{`wallet ${version}`}</p>])),
    events: { emits: [], handles: [] },
    reducer: (state = { version }) => state,
    saga,
    endpoints: () =>
      baseApi.injectEndpoints({
        endpoints: (build) => ({
          walletVersionEcho: build.query<string, number>({ queryFn: () => ({ data: version }) }),
        }),
      }),
  };
}

const v1 = walletVersion('1.0.0');
const v2 = walletVersion('2.0.0');

function mount(store: ReturnType<typeof testStore>) {
  return render(
    <Provider store={store}>
      <RemoteScreen remote="wallet" screen={walletScreen} />
    </Provider>,
  );
}

const echo = (store: ReturnType<typeof testStore>, arg: number) =>
  (store.dispatch as (a: unknown) => Promise<{ data?: string }> & { unsubscribe(): void })(
    (baseApi.endpoints as unknown as Record<string, { initiate(a: number): unknown }>).walletVersionEcho.initiate(arg),
  );

beforeEach(() => {
  sagaLog.length = 0;
  federationMock.reset();
  resetRemoteRegistry();
});

describe('a new version of a remote', () => {
  it('applies on the next mount of its screen only, never under the screen on display', async () => {
    const store = testStore();
    attachStore(store);
    configureReleases(releasesWith('1.0.0'));
    federationMock.answer('mf_wallet/module', async () => ({ default: v1 }));
    const first = mount(store);
    expect(await screen.findByText('wallet 1.0.0')).toBeInTheDocument();
    expect(first.container.querySelector('[data-remote-version]')).toHaveAttribute('data-remote-version', '1.0.0');

    federationMock.answer('mf_wallet/module', async () => ({ default: v2 }));
    chooseReleases(releasesWith('2.0.0'));
    first.rerender(
      <Provider store={store}>
        <RemoteScreen remote="wallet" screen={walletScreen} />
      </Provider>,
    );
    await act(async () => undefined);
    expect(screen.getByText('wallet 1.0.0')).toBeInTheDocument();
    expect((store.getState() as unknown as { wallet: { version: string } }).wallet.version).toBe('1.0.0');
    expect(federationMock.registered.some((call) => call.options?.force)).toBe(false);

    first.unmount();
    const second = mount(store);
    expect(await screen.findByText('wallet 2.0.0')).toBeInTheDocument();
    expect(second.container.querySelector('[data-remote-version]')).toHaveAttribute('data-remote-version', '2.0.0');
    expect(federationMock.registered.at(-1)).toEqual({
      remotes: [{ name: 'mf_wallet', entry: 'http://localhost/remotes/wallet/2.0.0/mf-manifest.json' }],
      options: { force: true },
    });
    expect((store.getState() as unknown as { wallet: { version: string } }).wallet.version).toBe('2.0.0');
  });

  it('replaces the reducer, the endpoints and the saga exactly once', async () => {
    const store = testStore();
    attachStore(store);
    configureReleases(releasesWith('1.0.0'));
    federationMock.answer('mf_wallet/module', async () => ({ default: v1 }));
    mount(store).unmount();
    await act(async () => undefined);
    mount(store).unmount();
    expect(sagaLog).toEqual(['start 1.0.0']);
    expect((await echo(store, 1)).data).toBe('1.0.0');

    federationMock.answer('mf_wallet/module', async () => ({ default: v2 }));
    chooseReleases(releasesWith('2.0.0'));
    mount(store).unmount();
    await act(async () => undefined);
    mount(store).unmount();
    await act(async () => undefined);
    expect(sagaLog).toEqual(['start 1.0.0', 'cancel 1.0.0', 'start 2.0.0']);
    expect((await echo(store, 2)).data).toBe('2.0.0');
    expect((store.getState() as unknown as { wallet: { version: string } }).wallet.version).toBe('2.0.0');
  });

  it('reports each load with the version and its time, and a failed load as failed', async () => {
    const events: unknown[] = [];
    setRemoteLoadListener((event) => events.push(event));
    configureReleases(releasesWith('1.0.0'));
    federationMock.answer('mf_wallet/module', async () => ({ default: v1 }));
    mount(testStore());
    expect(await screen.findByText('wallet 1.0.0')).toBeInTheDocument();
    chooseReleases(releasesWith('2.0.0'));
    federationMock.answer('mf_wallet/module', async () => {
      throw new Error('RUNTIME-008');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mount(testStore());
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(events).toEqual([
      { remote: 'wallet', version: '1.0.0', outcome: 'loaded', load_ms: expect.any(Number) },
      { remote: 'wallet', version: '2.0.0', outcome: 'failed' },
    ]);
  });
});

describe('another remote’s exposed component', () => {
  afterEach(() => resetRemoteComponents());

  it('loads through the shell’s registry, in the version this session runs, on its next mount', async () => {
    installRemoteComponentLoader({
      load: loadExposedComponent,
      loaded: loadedExposedComponent,
      forget: forgetExposedComponent,
    });
    configureReleases(releasesWith('1.0.0'));
    federationMock.answer('mf_wallet/BalancePanel', async () => ({ default: () => <p>balance 1.0.0</p> }));
    const slot = () =>
      render(<RemoteSlot remote="wallet" exposed="BalancePanel" fallback={() => <p>unavailable</p>} />);
    const first = slot();
    expect(await screen.findByText('balance 1.0.0')).toBeInTheDocument();
    federationMock.answer('mf_wallet/BalancePanel', async () => ({ default: () => <p>balance 2.0.0</p> }));
    chooseReleases(releasesWith('2.0.0'));
    await act(async () => undefined);
    expect(screen.getByText('balance 1.0.0')).toBeInTheDocument();
    first.unmount();
    slot();
    expect(await screen.findByText('balance 2.0.0')).toBeInTheDocument();
    expect(federationMock.registered.at(-1)?.remotes[0].entry).toBe(
      'http://localhost/remotes/wallet/2.0.0/mf-manifest.json',
    );
  });
});
