/**
 * One jest run for the whole tree: a project per package. Frontends run in jsdom, the API, the demo
 * catalogue and the browser journeys in node. TypeScript goes through @swc/jest, and so do the
 * ESM-only packages below: jest's module system is CommonJS, so swc rewrites their `import`/`export`
 * like the sources'.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * Packages published as ESM only (`"type": "module"` without a CommonJS build) that the tests load:
 * the tus server, kysely 0.29, light-my-request's cookie 2 (`app.inject`), @fastify/static's content-disposition 3,
 * and jose and typebox 1 should they come back. Everything else in node_modules is left as it is.
 */
const ESM_ONLY = ['@tus', 'srvx', 'cookie', 'content-disposition', 'jose', 'typebox', 'kysely'];
// Also where one sits in another package's own node_modules (@fastify/static/node_modules/…).
const transformIgnorePatterns = [`/node_modules/(?!(?:.*/node_modules/)?(?:${ESM_ONLY.join('|')})/)`];
// `.mjs`/`.cjs` too: some of those packages ship them.
const transform = { '^.+\\.(m|c)?(t|j)sx?$': swc };

const frontend = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform,
  transformIgnorePatterns,
  setupFiles: ['<rootDir>/../scripts/jest/jsdom-setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest/after-env.ts'],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/../scripts/jest/style-mock.js',
    '^@module-federation/enhanced/runtime$': '<rootDir>/../scripts/jest/federation-runtime-mock.ts',
    // The browser build, as the bundler picks it (the package's main entry is its Node build).
    '^tus-js-client$': '<rootDir>/../node_modules/tus-js-client/lib.es5/browser/index.js',
  },
});

module.exports = {
  reporters: ['default', '<rootDir>/scripts/jest/summary-reporter.js'],
  // A component test that types through user-event took over 5 s (Jest's default) on a 2-core machine
  // at load 15-20; a test that hangs still fails, a little later.
  testTimeout: 15_000,
  projects: [
    frontend('shared'),
    frontend('shell'),
    frontend('mf-catalog'),
    frontend('mf-player'),
    frontend('mf-wallet'),
    frontend('mf-account'),
    frontend('mf-admin'),
    {
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      // The demo catalogue's workspace: its tests use the API's test support (both databases).
      displayName: 'demo',
      rootDir: '<rootDir>/demo',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'deploy',
      rootDir: '<rootDir>/deploy',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      transform,
      transformIgnorePatterns,
    },
    {
      // The benches' statistics and a quick pass of each bench script (BENCH_QUICK=1).
      displayName: 'bench',
      rootDir: '<rootDir>/bench',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'e2e',
      rootDir: '<rootDir>/e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.e2e.ts'],
      transform,
      transformIgnorePatterns,
      setupFilesAfterEnv: ['<rootDir>/support/setup-after-env.ts'],
      globalSetup: '<rootDir>/support/global-setup.ts',
      globalTeardown: '<rootDir>/support/global-teardown.ts',
    },
  ],
};
