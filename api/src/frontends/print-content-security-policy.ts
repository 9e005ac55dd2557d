/**
 * Prints the page policy for a deployment whose pages another server sends (docker-compose's nginx
 * static servers), so it can be set there as the API sets it on the pages it serves itself:
 *
 *   tsx api/src/frontends/print-content-security-policy.ts <remotes.json> [site origin]
 *
 * The browser configuration is read from the environment as the API reads it (STRIPE_PUBLISHABLE_KEY,
 * SENTRY_DSN, CDN_HOST, …). Remotes on the site origin, when given, are left to 'self'.
 */
import { readFileSync } from 'node:fs';
import { browserConfigFromEnv, remoteReleasesUrlFromEnv } from '../config';
import { contentSecurityPolicy } from './content-security-policy';

export function policyForDeployment(remotesFile: string, siteOrigin: string | undefined, env: NodeJS.ProcessEnv) {
  const remotes = JSON.parse(readFileSync(remotesFile, 'utf8')) as Record<string, unknown>;
  const addresses = Object.fromEntries(
    Object.entries(remotes).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  // Published remote versions served elsewhere (REMOTE_RELEASES_URL) load like the remotes themselves.
  const releases = remoteReleasesUrlFromEnv(env);
  if (releases) addresses.releases = `${releases}/`;
  return contentSecurityPolicy({ remotes: addresses, runtimeConfig: browserConfigFromEnv(env), siteOrigin });
}

if (require.main === module) {
  const [remotesFile, siteOrigin] = process.argv.slice(2);
  if (!remotesFile) {
    console.error('Usage: tsx api/src/frontends/print-content-security-policy.ts <remotes.json> [site origin]');
    process.exit(2);
  }
  try {
    console.log(policyForDeployment(remotesFile, siteOrigin, process.env));
  } catch (error) {
    console.error(`Could not read the remotes from ${remotesFile}: ${(error as Error).message}`);
    process.exit(1);
  }
}
