/**
 * Where the frontends' addresses and the browser's configuration come from: the built shell's
 * `remotes.json` with its environment overrides, and the public part of the environment. Kept apart
 * from the plugin so tools (print-content-security-policy.ts) read them without loading a server.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REMOTE_NAMES = ['catalog', 'player', 'wallet', 'account', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Remote locations from the environment: `REMOTES_JSON` (a whole map) then `REMOTE_<NAME>_URL`. */
export function remoteOverridesFromEnv(env: NodeJS.ProcessEnv): Partial<Record<RemoteName, string>> {
  const overrides: Partial<Record<RemoteName, string>> = {};
  if (env.REMOTES_JSON) {
    const parsed = JSON.parse(env.REMOTES_JSON) as Record<string, unknown>;
    for (const name of REMOTE_NAMES) if (typeof parsed[name] === 'string') overrides[name] = parsed[name] as string;
  }
  for (const name of REMOTE_NAMES) {
    const value = env[`REMOTE_${name.toUpperCase()}_URL`];
    if (value) overrides[name] = value;
  }
  return overrides;
}

/**
 * What the browser may know of the server's configuration (`window.__CLIFFHANGER__`): public keys and
 * addresses only — never a secret. Each is optional; the frontends fall back to same-origin defaults.
 */
export function browserConfigFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const pairs: Array<[string, string | undefined]> = [
    ['cdnHost', env.CDN_HOST],
    ['storageHost', env.STORAGE_HOST],
    ['productHost', env.PUBLIC_URL],
    ['sentryDsn', env.SENTRY_DSN],
    ['amplitudeApiKey', env.AMPLITUDE_API_KEY],
    ['amplitudeEndpoint', env.AMPLITUDE_ENDPOINT],
    ['stripePublishableKey', env.STRIPE_PUBLISHABLE_KEY],
    ['feedApiBaseUrl', env.FEED_API_BASE_URL],
    ['socialFollowUrl', env.SOCIAL_FOLLOW_URL],
  ];
  return Object.fromEntries(pairs.filter((pair): pair is [string, string] => !!pair[1]));
}

export function remotesJson(rootDir: string, overrides: Partial<Record<RemoteName, string>> = {}) {
  const builtIn = path.join(rootDir, 'shell', 'dist', 'remotes.json');
  const defaults = existsSync(builtIn)
    ? (JSON.parse(readFileSync(builtIn, 'utf8')) as Record<RemoteName, string>)
    : Object.fromEntries(REMOTE_NAMES.map((n) => [n, `/remotes/${n}/mf-manifest.json`]));
  return { ...defaults, ...overrides };
}
