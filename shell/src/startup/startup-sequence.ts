/**
 * The startup sequence (product.md#startup), in this order: migrate stored media addresses from nyc3 to sfo3, remove
 * test data (and guest data older than 30 days), start the storage sync service, unregister every
 * service worker, ask for notification permission while it is undecided, render. A failing step is
 * only logged; the next one runs regardless, so the app always renders.
 */
import { migrateStoredMediaRegion, purgeStaleGuestData, removeStoredTestData } from '@cliffhanger/shared';

export interface StartupStep {
  name: string;
  run: () => unknown;
}

export async function runStartupSequence(
  steps: StartupStep[],
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): Promise<void> {
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      log(`[cliffhanger] startup step "${step.name}" failed`, error);
    }
  }
}

/** Service workers are switched off for now (product.md#startup): any one left from an earlier version is removed. */
export async function unregisterServiceWorkers(nav: Navigator = navigator): Promise<number> {
  if (!nav.serviceWorker?.getRegistrations) return 0;
  const registrations = await nav.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  return registrations.length;
}

/**
 * Asks once while the choice is undecided. Not awaited: a permission prompt may stay open for as long
 * as the visitor leaves it, and rendering must not wait for it.
 */
export function askNotificationPermission(win: Window = window): boolean {
  const notification = (win as Window & { Notification?: typeof Notification }).Notification;
  if (notification?.permission !== 'default') return false;
  void Promise.resolve(notification.requestPermission()).catch((error: unknown) =>
    console.error('[cliffhanger] notification permission request failed', error),
  );
  return true;
}

export function startupSteps({ startStorageSync, render }: { startStorageSync: () => unknown; render: () => unknown }) {
  return [
    { name: 'migrate stored media addresses', run: migrateStoredMediaRegion },
    {
      name: 'remove test data',
      run: () => {
        removeStoredTestData();
        purgeStaleGuestData();
      },
    },
    { name: 'start the storage sync service', run: startStorageSync },
    { name: 'unregister service workers', run: () => unregisterServiceWorkers() },
    { name: 'ask for notification permission', run: () => askNotificationPermission() },
    { name: 'render', run: render },
  ] satisfies StartupStep[];
}
