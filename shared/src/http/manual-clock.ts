/**
 * A clock for tests of the transport policy: time stands still until every pending promise has settled,
 * then jumps to the earliest sleeper's wake-up. Waits are thus exact and instant, whatever runs at once.
 */
import type { Clock } from './transport-policy';

export function manualClock(start = 0): Clock & { sleeps: number[] } {
  let now = start;
  const timers: Array<{ at: number; resolve: () => void }> = [];
  const sleeps: number[] = [];
  let scheduled = false;
  const run = () => {
    scheduled = false;
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift();
    if (!next) return;
    now = Math.max(now, next.at);
    next.resolve();
    if (timers.length > 0) schedule();
  };
  // A macrotask: every microtask (mock answers, interceptors) has run by the time it fires.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(run, 0);
  };
  return {
    sleeps,
    now: () => now,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        sleeps.push(ms);
        timers.push({ at: now + ms, resolve });
        schedule();
      }),
  };
}
