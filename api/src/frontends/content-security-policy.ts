/**
 * The Content-Security-Policy of the pages the frontends plugin serves (the shell's `index.html` for
 * every client route, each remote's standalone harness), built from what the pages really load:
 *
 * - scripts, styles and fonts from this site and the remote origins named in the effective
 *   `remotes.json` — nothing wider: no 'unsafe-eval', no inline scripts, no scheme-wide sources;
 * - connections to this site (API, feed API, analytics), the remote origins (manifests are fetched),
 *   the configured API, media and storage hosts (an S3-compatible store's public address included),
 *   and the error-reporting and analytics endpoints when they are configured;
 * - images and video from this site, the media hosts, `data:` (inline images the admin optimiser makes)
 *   and `blob:` (hls.js plays through MediaSource blob addresses; previews of picked files);
 * - workers from this site only, and from `blob:` when error reporting is configured: session replay
 *   compresses in a blob worker. (hls.js's ES module build, the one bundled, starts no worker.)
 * - Stripe's script, frames and API only when a Stripe publishable key is configured;
 * - no plugins, no `<base>` elsewhere, forms only to this site, and no framing by other sites.
 *
 * Addresses equal to the page's own origin are left to 'self'. A configured value that is not a
 * usable address (a typo in an environment variable) is left out rather than widening the policy.
 */
import { AMPLITUDE_DEFAULT_ENDPOINT } from '@cliffhanger/shared/constants';

/** Stripe.js and its Elements frames (https://docs.stripe.com/security/guide#content-security-policy). */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

export interface PolicySources {
  /** The effective remotes.json: remote name → manifest address (relative or absolute). */
  remotes: Record<string, string>;
  /** The browser's runtime configuration as served in `/config.js` (`window.__CLIFFHANGER__`). */
  runtimeConfig?: Record<string, string>;
  /** The page's own origin (`https://example.com`); addresses on it are covered by 'self'. */
  siteOrigin?: string;
  /** Other addresses media is served from, e.g. the public address of an S3-compatible store. */
  mediaAddresses?: string[];
}

export type Directives = Record<string, string[]>;

const HOST_SOURCE = /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * The CSP source for a configured address: the origin of an absolute http(s) or protocol-relative
 * address, a bare host as it is (`cdn.example.com` — the page's scheme applies), or null for a
 * same-site path, an empty value or anything that is not an address.
 */
export function sourceOf(value: string | undefined, siteOrigin?: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('//')) {
    const host = trimmed.slice(2).split(/[/?#]/)[0]?.toLowerCase() ?? '';
    return HOST_SOURCE.test(host) ? host : null;
  }
  if (trimmed.startsWith('/') || trimmed.startsWith('.')) return null;
  // `localhost:8101` is a host and port; `javascript:…` or `data:…` is another scheme, never a source.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (siteOrigin && url.origin === siteOrigin.toLowerCase()) return null;
    return url.origin;
  }
  // A bare host names a domain (`cdn.example.com`, `localhost:8101`); `remotes/x.json` is a relative path.
  const host = trimmed.split(/[/?#]/)[0]?.toLowerCase() ?? '';
  if (!HOST_SOURCE.test(host) || !(host.includes('.') || host.includes(':') || host === 'localhost')) return null;
  if (siteOrigin && hostOfOrigin(siteOrigin) === host) return null;
  return host;
}

function hostOfOrigin(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

function sources(values: Array<string | undefined>, siteOrigin?: string): string[] {
  const found: string[] = [];
  for (const value of values) {
    const source = sourceOf(value, siteOrigin);
    if (source && !found.includes(source)) found.push(source);
  }
  return found;
}

const unique = (...lists: ReadonlyArray<readonly string[]>): string[] => [...new Set(lists.flat())];

export function policyDirectives({
  remotes,
  runtimeConfig = {},
  siteOrigin,
  mediaAddresses = [],
}: PolicySources): Directives {
  const remoteOrigins = sources(Object.values(remotes), siteOrigin);
  const apiOrigins = sources([runtimeConfig.apiBaseUrl, runtimeConfig.feedApiBaseUrl], siteOrigin);
  // Media addresses are answered on the storage host, on the CDN host when no rewrite applies, on the
  // product host for /media/ and /thumbnails/ paths (shared/src/http/media-addresses.ts), and on the
  // object store's public address when media lives there.
  const mediaOrigins = sources(
    [
      runtimeConfig.productHost,
      runtimeConfig.storageHost,
      runtimeConfig.cdnHost,
      runtimeConfig.imageHostUploadUrl,
      ...mediaAddresses,
    ],
    siteOrigin,
  );
  const reporting = sources(
    [
      runtimeConfig.sentryDsn,
      // With a key, events go to Amplitude (its own address unless AMPLITUDE_ENDPOINT says otherwise).
      runtimeConfig.amplitudeApiKey ? runtimeConfig.amplitudeEndpoint || AMPLITUDE_DEFAULT_ENDPOINT : undefined,
    ],
    siteOrigin,
  );
  const stripe = !!runtimeConfig.stripePublishableKey?.trim();
  const errorReporting = !!sourceOf(runtimeConfig.sentryDsn);

  return {
    'default-src': ["'self'"],
    'script-src': unique(["'self'"], remoteOrigins, stripe ? STRIPE_SOURCES.script : []),
    // React's style attributes need inline styles; styles cannot run code.
    'style-src': unique(["'self'", "'unsafe-inline'"], remoteOrigins),
    'font-src': unique(["'self'"], remoteOrigins),
    'img-src': unique(["'self'", 'data:', 'blob:'], remoteOrigins, mediaOrigins),
    // data: for the episode's caption tracks: hls.js gives each <track> it makes the empty text file
    // `data:,WEBVTT` and adds the cues itself (media cannot run code).
    'media-src': unique(["'self'", 'blob:', 'data:'], mediaOrigins),
    'connect-src': unique(
      ["'self'"],
      remoteOrigins,
      apiOrigins,
      mediaOrigins,
      reporting,
      stripe ? STRIPE_SOURCES.connect : [],
    ),
    'worker-src': errorReporting ? ["'self'", 'blob:'] : ["'self'"],
    'frame-src': stripe ? [...STRIPE_SOURCES.frame] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function serialisePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The header value for a page of this site. */
export function contentSecurityPolicy(sources: PolicySources): string {
  return serialisePolicy(policyDirectives(sources));
}
