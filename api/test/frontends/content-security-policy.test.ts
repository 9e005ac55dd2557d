import { join } from 'node:path';
import {
  contentSecurityPolicy,
  type Directives,
  policyDirectives,
  STRIPE_SOURCES,
  serialisePolicy,
  sourceOf,
} from '../../src/frontends/content-security-policy';
import { policyForDeployment } from '../../src/frontends/print-content-security-policy';

const SAME_ORIGIN_REMOTES = {
  catalog: '/remotes/catalog/mf-manifest.json',
  player: '/remotes/player/mf-manifest.json',
  wallet: '/remotes/wallet/mf-manifest.json',
  account: '/remotes/account/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

const CROSS_ORIGIN_REMOTES = {
  catalog: 'https://catalog.example.com/mf-manifest.json',
  player: 'https://player.example.com/v2/mf-manifest.json',
  wallet: 'https://wallet.example.com/mf-manifest.json',
  account: 'https://www.example.com/remotes/account/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

const SITE = 'https://www.example.com';

/** Parses a header value back into directives, as a browser would read it. */
function parse(header: string): Directives {
  return Object.fromEntries(
    header.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

const allSources = (directives: Directives) => Object.values(directives).flat();

describe('the page policy', () => {
  it('allows scripts only from this site when every remote is served beside the shell', () => {
    const directives = parse(contentSecurityPolicy({ remotes: SAME_ORIGIN_REMOTES, siteOrigin: SITE }));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
  });

  it('lists each remote origin that differs from the site, once, and no paths', () => {
    const directives = policyDirectives({ remotes: CROSS_ORIGIN_REMOTES, siteOrigin: SITE });
    const remotes = ['https://catalog.example.com', 'https://player.example.com', 'https://wallet.example.com'];
    expect(directives['script-src']).toEqual(["'self'", ...remotes]);
    // Manifests are fetched, remote styles and assets come from the remote's own origin.
    for (const name of ['connect-src', 'style-src', 'font-src', 'img-src']) {
      expect(directives[name]).toEqual(expect.arrayContaining(remotes));
    }
    expect(directives['script-src']).not.toContain(SITE);
  });

  it('never allows eval, inline scripts, plugins, framing by others or a foreign <base>', () => {
    const configs: Array<Record<string, string>> = [
      {},
      { stripePublishableKey: 'pk_test_123', sentryDsn: 'https://k@o1.ingest.sentry.io/2' },
    ];
    for (const runtimeConfig of configs) {
      const directives = parse(
        contentSecurityPolicy({ remotes: CROSS_ORIGIN_REMOTES, runtimeConfig, siteOrigin: SITE }),
      );
      expect(directives['script-src']).not.toContain("'unsafe-eval'");
      expect(directives['script-src']).not.toContain("'unsafe-inline'");
      expect(allSources(directives)).not.toContain("'unsafe-eval'");
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(directives['base-uri']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['form-action']).toEqual(["'self'"]);
      // Nothing scheme-wide or wildcard for code.
      for (const source of directives['script-src']) expect(source).not.toMatch(/^(\*|https?:|data:|blob:)$/);
    }
  });

  it('keeps inline styles for React style attributes', () => {
    const directives = policyDirectives({ remotes: SAME_ORIGIN_REMOTES });
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets hls.js play through blob: media and load its empty data: caption tracks, and the admin optimiser show data: and blob: images', () => {
    const directives = policyDirectives({ remotes: SAME_ORIGIN_REMOTES });
    expect(directives['media-src']).toEqual(["'self'", 'blob:', 'data:']);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('allows blob: workers only for session replay, when error reporting is configured', () => {
    expect(policyDirectives({ remotes: SAME_ORIGIN_REMOTES })['worker-src']).toEqual(["'self'"]);
    const reporting = policyDirectives({
      remotes: SAME_ORIGIN_REMOTES,
      runtimeConfig: { sentryDsn: 'https://public@o42.ingest.sentry.io/7' },
    });
    expect(reporting['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('adds the configured media, storage and product hosts to images, video and connections', () => {
    const directives = policyDirectives({
      remotes: SAME_ORIGIN_REMOTES,
      siteOrigin: SITE,
      runtimeConfig: {
        cdnHost: 'cdn.example.com',
        storageHost: 'https://storage.example.com/',
        productHost: 'https://media.example.com',
      },
    });
    const media = ['https://media.example.com', 'https://storage.example.com', 'cdn.example.com'];
    for (const name of ['img-src', 'media-src', 'connect-src']) {
      expect(directives[name]).toEqual(expect.arrayContaining(media));
    }
    expect(directives['script-src']).toEqual(["'self'"]);
  });

  it('adds a feed API on another origin to connections only', () => {
    const directives = policyDirectives({
      remotes: SAME_ORIGIN_REMOTES,
      runtimeConfig: { feedApiBaseUrl: 'https://feed.example.com/feed-api' },
    });
    expect(directives['connect-src']).toEqual(["'self'", 'https://feed.example.com']);
    expect(directives['script-src']).toEqual(["'self'"]);
  });

  it('adds the error-reporting endpoint of a configured DSN, and the analytics endpoint only with a key', () => {
    const base = {
      sentryDsn: 'https://public@o42.ingest.sentry.io/7',
      amplitudeEndpoint: 'https://api2.amplitude.com/2/httpapi',
    };
    const withoutKey = policyDirectives({ remotes: SAME_ORIGIN_REMOTES, runtimeConfig: base });
    expect(withoutKey['connect-src']).toEqual(["'self'", 'https://o42.ingest.sentry.io']);
    const withKey = policyDirectives({
      remotes: SAME_ORIGIN_REMOTES,
      runtimeConfig: { ...base, amplitudeApiKey: 'k' },
    });
    expect(withKey['connect-src']).toEqual(["'self'", 'https://o42.ingest.sentry.io', 'https://api2.amplitude.com']);
    // The default analytics endpoint is this site's own API.
    const own = policyDirectives({
      remotes: SAME_ORIGIN_REMOTES,
      runtimeConfig: { amplitudeApiKey: 'k', amplitudeEndpoint: '/api/analytics/events' },
    });
    expect(own['connect-src']).toEqual(["'self'"]);
    // A key with no endpoint sends to Amplitude's own address.
    const amplitude = policyDirectives({ remotes: SAME_ORIGIN_REMOTES, runtimeConfig: { amplitudeApiKey: 'k' } });
    expect(amplitude['connect-src']).toEqual(["'self'", 'https://api.amplitude.com']);
  });

  it('allows Stripe only when a publishable key is configured', () => {
    const without = policyDirectives({ remotes: SAME_ORIGIN_REMOTES });
    expect(allSources(without).some((source) => source.includes('stripe'))).toBe(false);
    expect(without['frame-src']).toEqual(["'none'"]);

    const withKey = policyDirectives({
      remotes: SAME_ORIGIN_REMOTES,
      runtimeConfig: { stripePublishableKey: 'pk_test_1' },
    });
    expect(withKey['script-src']).toEqual(["'self'", ...STRIPE_SOURCES.script]);
    expect(withKey['frame-src']).toEqual([...STRIPE_SOURCES.frame]);
    expect(withKey['connect-src']).toEqual(["'self'", ...STRIPE_SOURCES.connect]);
  });

  it('leaves out configured values that are not addresses rather than widening the policy', () => {
    const directives = policyDirectives({
      remotes: {
        catalog: 'javascript:alert(1)',
        player: "https://ok.example.com; script-src 'unsafe-inline'",
        wallet: '*',
      },
      runtimeConfig: { cdnHost: "evil.example.com 'unsafe-eval'", storageHost: 'data:text/html,x', productHost: '' },
    });
    const header = serialisePolicy(directives);
    expect(header).not.toContain('unsafe-eval');
    expect(header).not.toContain('javascript');
    expect(directives['script-src']).not.toContain('*');
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe('the source of a configured address', () => {
  it.each([
    ['https://cdn.example.com/path/x.json', undefined, 'https://cdn.example.com'],
    ['http://localhost:8101/mf-manifest.json', undefined, 'http://localhost:8101'],
    ['//cdn.example.com/a', undefined, 'cdn.example.com'],
    ['cdn.example.com', undefined, 'cdn.example.com'],
    ['localhost:8101', undefined, 'localhost:8101'],
    ['/remotes/catalog/mf-manifest.json', undefined, null],
    ['remotes/catalog/mf-manifest.json', undefined, null],
    ['https://www.example.com/remotes/x.json', SITE, null],
    ['www.example.com', SITE, null],
    ['ftp://files.example.com', undefined, null],
    ['javascript:alert(1)', undefined, null],
    ['data:text/html,x', undefined, null],
    ['', undefined, null],
  ])('%s (site %s) → %s', (value, site, expected) => {
    expect(sourceOf(value, site)).toBe(expected);
  });
});

describe('the policy for a deployment whose pages another server sends', () => {
  it('names the remote origins of docker-compose’s remotes.json for the shell’s origin', () => {
    const remotes = join(__dirname, '..', '..', '..', 'deploy', 'remotes.compose.json');
    const directives = parse(policyForDeployment(remotes, 'http://localhost:8100', {}));
    const origins = [8101, 8102, 8103, 8104, 8105].map((port) => `http://localhost:${port}`);
    expect(directives['script-src']).toEqual(["'self'", ...origins]);
    expect(directives['frame-src']).toEqual(["'none'"]);
  });

  it('reads the browser configuration from the environment, as the API does', () => {
    const remotes = join(__dirname, '..', '..', '..', 'deploy', 'remotes.compose.json');
    const directives = parse(policyForDeployment(remotes, undefined, { STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }));
    expect(directives['frame-src']).toEqual([...STRIPE_SOURCES.frame]);
  });
});
