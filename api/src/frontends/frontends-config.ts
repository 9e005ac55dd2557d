/**
 * Where the frontends' addresses come from: the built shell's `remotes.json`, with the environment's
 * overrides (`remoteOverridesFromEnv` in config.ts) on top.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '../config';

export function remotesJson(rootDir: string, overrides: Partial<Record<RemoteName, string>> = {}) {
  const builtIn = path.join(rootDir, 'shell', 'dist', 'remotes.json');
  const defaults = existsSync(builtIn)
    ? (JSON.parse(readFileSync(builtIn, 'utf8')) as Record<RemoteName, string>)
    : Object.fromEntries(REMOTE_NAMES.map((n) => [n, `/remotes/${n}/mf-manifest.json`]));
  return { ...defaults, ...overrides };
}
