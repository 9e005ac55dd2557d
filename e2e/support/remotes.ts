import type { RemoteId } from '@cliffhanger/shared/routes';
import type { Page, Route } from 'playwright-core';

/** One screen per remote, with text that only appears once the remote's screen has rendered. */
export const REMOTE_SCREENS: Record<RemoteId, { path: string; ready: string }> = {
  catalog: { path: '/', ready: 'Watch something gripping' },
  player: { path: '/test-all-players', ready: 'Every player form' },
  wallet: { path: '/coins', ready: 'Coin store' },
  account: { path: '/profile', ready: 'Sign in to keep your coins' },
  admin: { path: '/admin-login', ready: 'Staff sign-in' },
};

/**
 * A screen's ready text where the app renders it: the page's start-up skeleton repeats the home screen's
 * title (aria-hidden, outside #root) before any script has run, and must not count as the screen.
 */
export function readyText(page: Page, screen: { ready: string }) {
  return page.locator('#root').getByText(screen.ready).first();
}

export type FailureMode =
  | 'connection refused'
  | '404'
  | '500'
  | 'script error'
  | 'hang'
  | '503'
  | 'connection aborted'
  | 'hang 30 s';
export const FAILURE_MODES: FailureMode[] = ['connection refused', '404', '500', 'script error', 'hang'];
/** How a remote's server misbehaves under load or mid-deploy (issue #9 item 6). */
export const CHAOS_MODES: FailureMode[] = ['503', 'connection aborted', 'hang 30 s'];

/** How long a 'hang 30 s' request is held before the server answers it after all. */
export const LONG_HANG_MS = 30_000;

/** Makes a remote's files fail the given way; answers a function that brings the remote back. */
export async function breakRemote(page: Page, remote: RemoteId, mode: FailureMode): Promise<() => Promise<void>> {
  const pattern = `**/remotes/${remote}/**`;
  const hung: Route[] = [];
  const late = new Map<Route, NodeJS.Timeout>();
  const handler = async (route: Route) => {
    switch (mode) {
      case 'connection refused':
        return route.abort('connectionrefused');
      case '404':
        return route.fulfill({ status: 404, body: 'gone' });
      case '500':
        return route.fulfill({ status: 500, body: 'server error' });
      case 'script error':
        if (route.request().url().endsWith('remoteEntry.js')) {
          return route.fulfill({
            status: 200,
            contentType: 'application/javascript',
            body: 'throw new Error("broken deploy");',
          });
        }
        return route.continue();
      case 'hang':
        hung.push(route); // never answered while the remote is "down"
        return;
      case '503':
        return route.fulfill({ status: 503, headers: { 'retry-after': '5' }, body: 'service unavailable' });
      case 'connection aborted':
        return route.abort('connectionaborted');
      case 'hang 30 s':
        // Answered for real, far past the shell's time limit, or as soon as the remote is back.
        late.set(
          route,
          setTimeout(() => {
            late.delete(route);
            route.continue().catch(() => undefined);
          }, LONG_HANG_MS),
        );
        return;
    }
  };
  await page.route(pattern, handler);
  return async () => {
    await page.unroute(pattern, handler);
    for (const route of hung) await route.abort('timedout').catch(() => undefined);
    // The stuck answers arrive after all, while the page retries: a late remote must not break it.
    for (const [route, timer] of late) {
      clearTimeout(timer);
      await route.continue().catch(() => undefined);
    }
    late.clear();
  };
}
