import { navigationRequested, openCoinStore, signedOut } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { settle, walletStore } from '../test/store';
import { transactionsApi } from './transactions/transactions.api';

let http: HttpMock;
afterEach(() => http?.restore());

describe('the wallet on the bus', () => {
  it('opens the coin store on request, with the way back', () => {
    http = mockHttp(() => undefined);
    const seen: UnknownAction[] = [];
    const store = walletStore({ record: seen });
    store.dispatch(openCoinStore({ returnTo: '/player/3/episode/12' }));
    expect(seen.find((a) => a.type === navigationRequested.type)?.payload).toEqual({
      to: '/coins?returnTo=%2Fplayer%2F3%2Fepisode%2F12',
    });
  });

  it('reads the transactions again for whoever is signed in next', async () => {
    http = mockHttp(() => ({ status: 200, data: { results: [], count: 0, next: null } }));
    const store = walletStore();
    const subscription = store.dispatch(
      transactionsApi.endpoints.walletTransactions.initiate({ page: 1, language: 'en' }),
    );
    await settle();
    store.dispatch(signedOut());
    await settle();
    expect(http.calls.filter((c) => c.url === '/transactions/')).toHaveLength(2);
    subscription.unsubscribe();
  });
});
