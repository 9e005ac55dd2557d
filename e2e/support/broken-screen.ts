/**
 * Breaks one remote screen at render time, the way a bad deploy of that screen would: the remote's
 * JavaScript chunk that contains `marker` is answered with a chunk of the same id and modules, each of
 * which exports a component that throws while rendering. Everything else loads untouched.
 */
import vm from 'node:vm';
import type { Page, Route } from 'playwright-core';

export const BROKEN_SCREEN_MESSAGE = 'This screen was broken on purpose by a browser journey';

/** Reads a webpack chunk's ids and module ids by running it against a stand-in `self`. */
export function chunkShape(body: string): { global: string; chunkIds: unknown[]; moduleIds: string[] } | null {
  const self: Record<string, unknown[]> = {};
  try {
    vm.runInNewContext(body, { self, globalThis: self, window: self }, { timeout: 1_000 });
  } catch {
    return null;
  }
  const global = Object.keys(self).find((key) => key.startsWith('webpackChunk'));
  const pushed = global ? (self[global] as unknown[][])[0] : undefined;
  if (!global || !pushed) return null;
  return { global, chunkIds: pushed[0] as unknown[], moduleIds: Object.keys(pushed[1] as object) };
}

export function throwingChunk(shape: { global: string; chunkIds: unknown[]; moduleIds: string[] }): string {
  const factory = `function (module) { module.exports = { __esModule: true, default: function BrokenScreen() { throw new Error(${JSON.stringify(BROKEN_SCREEN_MESSAGE)}); } }; }`;
  const modules = shape.moduleIds.map((id) => `${JSON.stringify(id)}: ${factory}`).join(',');
  return `(self[${JSON.stringify(shape.global)}] = self[${JSON.stringify(shape.global)}] || []).push([${JSON.stringify(shape.chunkIds)}, {${modules}}]);`;
}

export async function breakScreenChunk(page: Page, remote: string, marker: string): Promise<{ broken: () => boolean }> {
  let broken = false;
  await page.route(`**/remotes/${remote}/*.js`, async (route: Route) => {
    if (route.request().url().endsWith('remoteEntry.js')) return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    const shape = body.includes(marker) ? chunkShape(body) : null;
    if (!shape) return route.fulfill({ response, body });
    broken = true;
    return route.fulfill({ response, body: throwingChunk(shape), contentType: 'application/javascript' });
  });
  return { broken: () => broken };
}
