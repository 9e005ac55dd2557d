/**
 * The federation contract, checked for every remote: its `./module` satisfies `RemoteModule`, gives a
 * screen for every path the route table assigns it, and joins a store exactly once however often it
 * registers (product.md#remotes).
 */
import {
  BUS_EVENT_TYPES,
  createHostStore,
  isRemoteModule,
  REMOTE_IDS,
  type RemoteId,
  registerModule,
  screensOf,
  sessionReducer,
} from '@cliffhanger/shared';
import accountModule from '../../../mf-account/src/module';
import adminModule from '../../../mf-admin/src/module';
import catalogModule from '../../../mf-catalog/src/module';
import playerModule from '../../../mf-player/src/module';
import walletModule from '../../../mf-wallet/src/module';

const modules = {
  catalog: catalogModule,
  player: playerModule,
  wallet: walletModule,
  account: accountModule,
  admin: adminModule,
};

describe.each(REMOTE_IDS.map((id) => [id] as [RemoteId]))('the %s remote', (id) => {
  const module = modules[id];

  it('exposes a module that satisfies the RemoteModule contract under its own id', () => {
    expect(isRemoteModule(module)).toBe(true);
    expect(module.id).toBe(id);
  });

  it('provides a screen for every route the shell gives it', () => {
    for (const key of screensOf(id)) {
      expect((module.screens as Record<string, unknown>)[key]).toBeTruthy();
    }
  });

  it('emits and handles only events of the shared catalogue', () => {
    for (const event of [...module.events.emits, ...module.events.handles]) {
      expect(BUS_EVENT_TYPES.has(event.type)).toBe(true);
    }
  });

  it('starts its saga once when registered twice', () => {
    const store = createHostStore({ reducers: { session: sessionReducer } });
    const run = jest.spyOn(store, 'runSaga');
    expect(registerModule(store, module)).toBe(true);
    expect(registerModule(store, module)).toBe(false);
    expect(run).toHaveBeenCalledTimes(module.saga ? 1 : 0);
    if (module.reducer) expect(Object.keys(store.getState())).toContain(id);
  });
});
