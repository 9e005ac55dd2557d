/**
 * Screenshots a journey keeps for people to look at (no test compares them): under E2E_SHOTS_DIR, or a
 * temporary folder named after the journey.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

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
