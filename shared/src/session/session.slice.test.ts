import { testUser } from '../../testing/remote-store';
import { balanceChanged, episodeUnlocked, signedIn, userUpdated } from '../bus/events';
import type { User } from '../entities';
import { initialSessionState, localGuestStarted, selectCoinBalance, sessionReducer } from './session.slice';

const person = testUser({ id: 7, email: 'ana@example.com', username: 'ana', first_name: 'Ana', coin_balance: 40 });

const balanceOf = (state: ReturnType<typeof sessionReducer>) => selectCoinBalance({ session: state });

describe('the coin balance the page shows', () => {
  it('comes from the signed-in person and is kept once, beside them rather than inside', () => {
    const state = sessionReducer(initialSessionState, signedIn({ user: person }));
    expect(balanceOf(state)).toBe(40);
    expect(state.user).not.toHaveProperty('coin_balance');
    expect(state.user?.email).toBe('ana@example.com');
  });

  it('follows every change announced on the bus', () => {
    let state = sessionReducer(initialSessionState, signedIn({ user: person }));
    state = sessionReducer(state, balanceChanged({ balance: 90, reason: 'purchase' }));
    expect(balanceOf(state)).toBe(90);
    state = sessionReducer(state, episodeUnlocked({ episodeId: 3, seriesId: 1, coinCost: 10, balance: 80 }));
    expect(balanceOf(state)).toBe(80);
    state = sessionReducer(state, userUpdated({ user: { ...person, coin_balance: 75 } }));
    expect(balanceOf(state)).toBe(75);
    expect(state.user).not.toHaveProperty('coin_balance');
  });

  it('stays as it is when a profile change arrives without a balance', () => {
    let state = sessionReducer(initialSessionState, signedIn({ user: person }));
    const { coin_balance: _left, ...withoutBalance } = person;
    state = sessionReducer(state, userUpdated({ user: { ...withoutBalance, first_name: 'Ann' } as User }));
    expect(balanceOf(state)).toBe(40);
    expect(state.user?.first_name).toBe('Ann');
  });

  it('is the browser’s own for a guest kept only here', () => {
    const state = sessionReducer(initialSessionState, localGuestStarted({ balance: 20 }));
    expect(balanceOf(state)).toBe(20);
    expect(state.user).toBeNull();
  });
});
