import type { RemoteId } from '@cliffhanger/shared/src/routes';
import type { Page, Route } from 'playwright-core';

/** One screen per remote, with text that only appears once the remote's screen has rendered. */
export const REMOTE_SCREENS: Record<RemoteId, { path: string; ready: string }> = {
  catalog: { path: '/', ready: 'Watch something gripping' },
  player: { path: '/test-all-players', ready: 'Every player form' },
  wallet: { path: '/coins', ready: 'Coin store' },
  account: { path: '/profile', ready: 'Sign in to keep your coins' },
  admin: { path: '/admin-login', ready: 'Staff sign-in' },
};

export type FailureMode = 'connection refused' | '404' | '500' | 'script error' | 'hang';
export const FAILURE_MODES: FailureMode[] = ['connection refused', '404', '500', 'script error', 'hang'];

/** Makes a remote's files fail the given way; answers a function that brings the remote back. */
export async function breakRemote(page: Page, remote: RemoteId, mode: FailureMode): Promise<() => Promise<void>> {
  const pattern = `**/remotes/${remote}/**`;
  const hung: Route[] = [];
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
    }
  };
  await page.route(pattern, handler);
  return async () => {
    await page.unroute(pattern, handler);
    for (const route of hung) await route.abort('timedout').catch(() => undefined);
  };
}
