/**
 * The app one describe block's tests share, on the database kind given: built before its first test,
 * closed after its last. Its fields exist inside tests and hooks (once built), not while the block is
 * being declared.
 */
import type { DatabaseKind } from './databases';
import { signUpGuest } from './fixtures';
import { type ConfigOverrides, createTestApp, type TestApp } from './test-app';

export interface SuiteAppOptions {
  /** Config for this suite; a function is asked when the app is built (for values known only then). */
  overrides?: ConfigOverrides | (() => ConfigOverrides);
  /** The app's clock, for suites that move time. */
  now?: () => Date;
  /** Runs just before the app is built (environment the app reads at start, such as the dev payments). */
  beforeBuild?: () => void;
  /** Signs one guest up first: the first sign-up warms the app (key import, first queries). */
  warm?: boolean;
}

export function suiteApp(kind: DatabaseKind, options: SuiteAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    options.beforeBuild?.();
    const overrides = typeof options.overrides === 'function' ? options.overrides() : options.overrides;
    built = await createTestApp(kind, overrides, options.now ? { now: options.now } : {});
    // On a busy machine the warm-up can take a while, hence the long time limit of this hook.
    if (options.warm) await signUpGuest(built.app);
  }, 120_000);
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('the suite app is built in beforeAll: read it inside tests and hooks');
    return built;
  };
  return {
    kind,
    get app() {
      return current().app;
    },
    get ctx() {
      return current().ctx;
    },
    get dir() {
      return current().dir;
    },
    close: () => current().close(),
  };
}
