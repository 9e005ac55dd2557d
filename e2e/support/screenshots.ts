/**
 * Screenshots a journey keeps for people to look at (no test compares them): under E2E_SHOTS_DIR, or a
 * temporary folder named after the journey; or, for the money journeys, only when E2E_SCREENSHOTS
 * names a folder.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Answers `shot(page, name)`, which saves `<name>.png` of the page (the whole scrolled page unless
 * `fullPage` is false) once the start-up logo, which covers a freshly loaded page until the shell has
 * drawn it, is gone.
 */
export function journeyShots(journey: string, { fullPage = true } = {}) {
  const dir = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), `cliffhanger-e2e-${journey}`);
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
  });
  return async function shot(page: Page, name: string) {
    await page.locator('#startup-loader').waitFor({ state: 'hidden', timeout: 10_000 });
    await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
  };
}

/**
 * What the viewer sees, saved as `<name>.png` in the folder E2E_SCREENSHOTS names (nothing when it is
 * unset): the screen as it is, scrolled to `focus` when given, or the whole scrolled page with `fullPage`.
 */
export async function viewerShot(
  page: Page,
  name: string,
  focus?: Locator,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  // The start-up loader covers every freshly loaded page for its first 2 s (product.md#shell).
  await page.locator('#startup-loader').waitFor({ state: 'detached', timeout: 10_000 });
  if (focus) await focus.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage });
}
