/**
 * The startup loader (product.md#shell): the element the page shows before the app renders fades out 2 s after
 * start and is removed 0.3 s later, when its fade transition has finished.
 */
import { STARTUP_LOADER_FADE_AFTER_MS, STARTUP_LOADER_REMOVE_AFTER_FADE_MS } from '@cliffhanger/shared';

export const STARTUP_LOADER_ID = 'startup-loader';
export const STARTUP_LOADER_FADING_CLASS = 'is-fading';

export function scheduleStartupLoaderRemoval(doc: Document = document): void {
  const loader = doc.getElementById(STARTUP_LOADER_ID);
  if (!loader) return;
  setTimeout(() => {
    loader.classList.add(STARTUP_LOADER_FADING_CLASS);
    setTimeout(() => loader.remove(), STARTUP_LOADER_REMOVE_AFTER_FADE_MS);
  }, STARTUP_LOADER_FADE_AFTER_MS);
}
