/**
 * The startup sequence (product.md#startup), in this order: migrate stored media addresses from nyc3 to sfo3, remove
 * test data (and guest data older than 30 days), start the storage sync service, unregister every
 * service worker, offer notifications while the permission is undecided (the shell's own offer, shown
 * later: notification-offer.ts), render. A failing step is only logged; the next one runs regardless,
 * so the app always renders.
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

export function startupSteps({
  startStorageSync,
  offerNotifications,
  render,
}: {
  startStorageSync: () => unknown;
  offerNotifications: () => unknown;
  render: () => unknown;
}) {
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
    { name: 'offer notifications', run: offerNotifications },
    { name: 'render', run: render },
  ] satisfies StartupStep[];
}
