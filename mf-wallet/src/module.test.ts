import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUS_EVENT_TYPES, createHostStore, registerModule, screensOf, sessionReducer } from '@cliffhanger/shared';
import walletModule from './module';
import { walletParts } from './wallet-parts';

describe('the wallet remote', () => {
  it('gives a screen for every wallet route and only uses events of the shared catalogue', () => {
    for (const key of screensOf('wallet')) expect((walletModule.screens as Record<string, unknown>)[key]).toBeTruthy();
    for (const event of [...walletModule.events.emits, ...walletModule.events.handles]) {
      expect(BUS_EVENT_TYPES.has(event.type)).toBe(true);
    }
  });

  it('mounts its state under "wallet" and starts its saga once', () => {
    const store = createHostStore({ reducers: { session: sessionReducer } });
    expect(registerModule(store, walletModule)).toBe(true);
    expect(registerModule(store, walletModule)).toBe(false);
    expect(store.getState()).toHaveProperty('wallet.checkout.start.status', 'idle');
  });

  it('joins the store from a panel alone, and the screens that come later find it running', () => {
    const store = createHostStore({ reducers: { session: sessionReducer } });
    expect(registerModule(store, walletParts)).toBe(true);
    expect(store.getState()).toHaveProperty('wallet.checkout.start.status', 'idle');
    expect(registerModule(store, walletModule)).toBe(false);
  });

  it('exposes its panels for other remotes, each a component', async () => {
    const config = readFileSync(path.join(__dirname, '../webpack.config.ts'), 'utf8');
    const exposes = Object.fromEntries(
      [...config.matchAll(/'\.\/(\w+)': '\.\/(src\/[\w/.-]+)'/g)].map((m) => [m[1], m[2]] as const),
    );
    expect(Object.keys(exposes)).toEqual([
      'module',
      'BalancePanel',
      'SubscriptionPanel',
      'PaymentsPanel',
      'TransactionsList',
      'UnlockSheet',
    ]);
    for (const [name, file] of Object.entries(exposes)) {
      if (name === 'module') continue;
      const exported = (await import(path.join(__dirname, '..', file))) as { default: unknown };
      expect(typeof exported.default).toBe('function');
    }
  });
});
