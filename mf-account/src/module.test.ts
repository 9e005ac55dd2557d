import {
  BUS_EVENT_TYPES,
  baseApi,
  createHostStore,
  registerModule,
  screensOf,
  sessionReducer,
} from '@cliffhanger/shared';
import accountModule from './module';

describe('the account remote', () => {
  it('gives a screen for every account route and only uses events of the shared catalogue', () => {
    for (const key of screensOf('account'))
      expect((accountModule.screens as Record<string, unknown>)[key]).toBeTruthy();
    for (const event of [...accountModule.events.emits, ...accountModule.events.handles]) {
      expect(BUS_EVENT_TYPES.has(event.type)).toBe(true);
    }
  });

  it('registers once, injecting its endpoints (all prefixed `account…`) into the shared API', () => {
    const store = createHostStore({ reducers: { session: sessionReducer } });
    expect(registerModule(store, accountModule)).toBe(true);
    expect(registerModule(store, accountModule)).toBe(false);
    const endpoints = Object.keys(baseApi.endpoints);
    expect(endpoints).toEqual(
      expect.arrayContaining([
        'accountNotificationPreferences',
        'accountUpdateNotificationPreference',
        'accountLogoutAll',
      ]),
    );
    expect(endpoints.filter((name) => /^[a-z]+[A-Z]/.test(name) && !name.startsWith('account'))).toEqual([]);
  });
});
