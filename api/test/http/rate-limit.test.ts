/**
 * The in-process rate-limit store: a fixed window per client address, and a bound on the addresses it
 * remembers that never forgets a client that keeps sending, nor the client it makes room for.
 */
import { InProcessRateStore } from '../../src/http/rate-limit';

const WINDOW = 60_000;

function storeAt(start: number, maxKeys = 5_000) {
  const clock = { now: start };
  return { clock, store: new InProcessRateStore(maxKeys, () => clock.now) };
}

describe('in-process rate-limit store', () => {
  test('counts a client’s requests within its window and starts again once the window has passed', () => {
    const { clock, store } = storeAt(1_000_000);
    expect(store.increment('1.2.3.4', WINDOW)).toEqual({ current: 1, ttl: WINDOW });
    clock.now += 10_000;
    expect(store.increment('1.2.3.4', WINDOW)).toEqual({ current: 2, ttl: 50_000 });
    expect(store.peek('1.2.3.4', WINDOW)).toEqual({ current: 2, ttl: 50_000 });
    clock.now += 50_000;
    expect(store.peek('1.2.3.4', WINDOW)).toEqual({ current: 0, ttl: 0 });
    expect(store.increment('1.2.3.4', WINDOW)).toEqual({ current: 1, ttl: WINDOW });
  });

  test('another address has a count of its own', () => {
    const { store } = storeAt(0);
    store.increment('1.2.3.4', WINDOW);
    store.increment('1.2.3.4', WINDOW);
    expect(store.increment('5.6.7.8', WINDOW).current).toBe(1);
    expect(store.peek('1.2.3.4', WINDOW).current).toBe(2);
  });

  test('remembers at most its bound of addresses', () => {
    const { store } = storeAt(0, 100);
    for (let i = 0; i < 1_000; i += 1) store.increment(`10.0.${i >> 8}.${i & 255}`, WINDOW);
    expect(store.size).toBe(100);
  });

  test('a client that keeps sending is not forgotten while many new addresses arrive', () => {
    const { store } = storeAt(0, 100);
    let last = { current: 0, ttl: 0 };
    for (let i = 0; i < 1_000; i += 1) {
      last = store.increment('attacker', WINDOW);
      store.increment(`10.0.${i >> 8}.${i & 255}`, WINDOW);
    }
    expect(last.current).toBe(1_000);
    expect(store.peek('attacker', WINDOW).current).toBe(1_000);
  });

  test('a new address is counted even when every remembered address keeps sending', () => {
    const { store } = storeAt(0, 3);
    for (const key of ['a', 'b', 'c']) store.increment(key, WINDOW);
    for (const key of ['a', 'b', 'c']) store.increment(key, WINDOW);
    store.increment('newcomer', WINDOW);
    expect(store.increment('newcomer', WINDOW).current).toBe(2);
    expect(store.size).toBe(3);
  });

  test('counting a request in a running window leaves the map’s order alone (no table rebuilt per request)', () => {
    const { store } = storeAt(0);
    store.increment('1.2.3.4', WINDOW);
    const set = jest.spyOn(Map.prototype, 'set');
    const remove = jest.spyOn(Map.prototype, 'delete');
    try {
      for (let i = 0; i < 1_000; i += 1) store.increment('1.2.3.4', WINDOW);
      expect(set).not.toHaveBeenCalled();
      expect(remove).not.toHaveBeenCalled();
    } finally {
      set.mockRestore();
      remove.mockRestore();
    }
    expect(store.peek('1.2.3.4', WINDOW).current).toBe(1_001);
  });
});
